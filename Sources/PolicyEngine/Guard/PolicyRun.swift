import CalendarCore
import LuaHost

/// One run of policy work — a command, a request — with the limits that hold for all of it.
///
/// Every Lua call made while `perform` runs (policy loads, day answers, explain's traced
/// calls, test files and the policies they load, on this thread or a large-stack thread
/// it starts) reports to the run's guard. A watcher stops the run when its deadline
/// passes: Lua code stops at its next instruction and every later call fails with a
/// `.timeout` error, so the caller sees an ordinary `PolicyError`. Work stuck inside a C
/// function never reaches an instruction; after `stuckGrace` the host's `onStuck`
/// decides what that costs (the CLI ends the process with one line; a server retires
/// the state and fails the request).
public final class PolicyRun: Sendable {
    public let limits: RunLimits
    /// Shared by the Lua states loaded for this run (`LuaPolicyOptions.memoryPool`).
    public let memoryPool: LuaMemoryPool
    let guardRecord: LuaRunGuard
    let onStuck: @Sendable (_ line: String) -> Void

    /// `onStuck` is called at most once, from the watcher thread, with a description of
    /// the stuck work ("policy.lua: canSelect for 2026-12-01…2026-12-31: …").
    public init(limits: RunLimits = RunLimits(), onStuck: @escaping @Sendable (_ description: String) -> Void) {
        self.limits = limits
        self.memoryPool = LuaMemoryPool(limit: limits.memory)
        self.guardRecord = LuaRunGuard()
        guardRecord.setPatrolled(true)  // perform() always registers the run with the patrol
        self.onStuck = onStuck
    }

    /// Runs `body` under this run's guard and deadline (counted from this call); policies
    /// loaded inside it share the run's memory pool.
    public func perform<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        let ticket = RunPatrol.shared.watch(self)
        let previous = CurrentRun.install(self)
        defer {
            CurrentRun.restore(previous)
            RunPatrol.shared.forget(ticket)
        }
        return try guardRecord.installed(body)
    }

    /// The run the calling thread is performing, if any.
    public static var current: PolicyRun? { CurrentRun.get() }

    /// Whether the deadline stopped the run.
    public var wasStopped: Bool { guardRecord.isInterrupted }

    /// Stops the run now, as if its deadline had passed (for hosts that cancel work).
    public func stop(reason: String) { guardRecord.interrupt(reason: reason) }

    /// The message of a run stopped by its deadline.
    var deadlineMessage: String {
        "did not finish within \(RunLimits.seconds(limits.deadline)) s; stopped (the time limit of a run, --timeout)"
    }

}

/// The limits of one run. Defaults are far above what real policies need (a 400-year
/// span of the shipped holiday policies takes well under a second and a few MiB) and
/// low enough that a hostile policy costs a few seconds at most.
public struct RunLimits: Sendable {
    /// Seconds from the start of the run until it is stopped.
    public var deadline: Double
    /// Bytes all Lua states of the run may hold together (each state also has its own cap).
    public var memory: Int
    /// Bytes of policy text (reasons, labels, colours, images) a run may keep for its output.
    public var retainedText: Int
    /// Seconds after a stop before work that has not come back is reported as stuck: long
    /// enough for a slow but finite C call (a big sort on a loaded machine) to return.
    public var stuckGrace: Double

    /// The defaults, each given once here.
    public init(deadline: Double = 5, memory: Int = 256 << 20, retainedText: Int = 64 << 20, stuckGrace: Double = 2) {
        self.deadline = deadline
        self.memory = memory
        self.retainedText = retainedText
        self.stuckGrace = stuckGrace
    }

    /// `5`, `0.5`: how limits are shown in messages.
    public static func seconds(_ value: Double) -> String {
        value == value.rounded() && value < 1e15 ? String(Int(value)) : String(value)
    }
}
