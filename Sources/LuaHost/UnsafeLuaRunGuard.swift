internal import CLuaShim

/// The C guard of one run (`cls_guard`): installed on the thread that runs the work, it
/// sees every protected call made there (and on the large-stack threads it starts), and
/// lets another thread stop the Lua code running under it.
///
/// Knows nothing of deadlines: the caller watches `progress` and decides when to
/// `interrupt`. Lua code stops at its next instruction; code inside a C function is not
/// reached until that function returns, which the caller sees as entries without exits.
public final class LuaRunGuard: @unchecked Sendable {
    // @unchecked: the C record is written by the running thread with relaxed atomics and
    // read by the watcher; `interrupt` publishes its reason with release/acquire.
    private let raw: OpaquePointer

    public init() {
        guard let raw = cls_guard_new() else { fatalError("out of memory for a run guard") }
        self.raw = raw
        cls_guard_prepare()
    }

    deinit { cls_guard_free(raw) }

    /// Runs `body` with this guard installed on the calling thread, restoring the previous one.
    public func installed<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        let previous = cls_guard_install(raw)
        defer { cls_guard_install(previous) }
        return try body()
    }

    /// Protected calls entered and left so far: equal when no Lua runs under the guard.
    public var progress: (entries: UInt64, exits: UInt64) {
        var entries: UInt64 = 0, exits: UInt64 = 0
        cls_guard_progress(raw, &entries, &exits)
        return (entries, exits)
    }

    /// From any thread: stops the run. Every later call fails with a `.timeout` error
    /// carrying `reason`; the call running now fails at its next Lua instruction.
    public func interrupt(reason: String) {
        cls_guard_interrupt(raw, reason)
    }

    public var isInterrupted: Bool { cls_guard_interrupted(raw) != 0 }

    /// Whether the owner looks at this guard periodically and arms the budget of calls that
    /// outlive a look (`armBudget`): only then do sliced states leave the hook off at first.
    public func setPatrolled(_ patrolled: Bool) { cls_guard_set_patrolled(raw, patrolled ? 1 : 0) }

    /// From the patrol's thread: arms the count hook of the call running under the guard now,
    /// on its own thread (a no-op when no call runs, or when it ends before the signal lands).
    public func armBudget() { cls_guard_arm_budget(raw) }

    /// Before the process's watcher runs: arms this guard's one look, `seconds` from now, on the
    /// calling thread (it arms the budget of the call running then and asks for the watcher,
    /// which the run's thread starts at its next protected call, budget hook, or call or return of
    /// Lua). False when the watcher already runs or no timer could be made: the caller starts it.
    public func scheduleWatcherLook(after seconds: Double) -> Bool {
        cls_guard_schedule_look(raw, Int64(seconds * 1e9)) == 0
    }

    /// Disarms the look, if one is armed (when the run ends).
    public func cancelWatcherLook() { cls_guard_cancel_look(raw) }

    /// The function that starts the process's watcher, called on a run's thread when a look or a
    /// call into the host asks for it.
    public static func setWatcherStarter(_ start: @convention(c) () -> Void) { cls_patrol_set_starter(start) }

    /// Records that the watcher runs, so no run schedules a look any more.
    public static func watcherStarted() { cls_patrol_mark_started() }

    /// Whether this build can arm a sliced budget at all (not under ThreadSanitizer, which holds
    /// the arming signal back from a thread looping inside liblua); when not, budgets are strict.
    public static var slicedBudgetsAvailable: Bool { cls_budget_sliced_available() != 0 }

    /// Notes what the calling thread is about to run (four numbers the caller gives a
    /// meaning to); a no-op when no guard is installed. A few relaxed stores.
    public static func note(_ subject: Int, _ detail: Int, _ first: Int, _ last: Int) {
        cls_guard_note(Int64(subject), Int64(detail), Int64(first), Int64(last))
    }

    /// The last note made under this guard.
    public var noted: (Int, Int, Int, Int) {
        var out: (Int64, Int64, Int64, Int64) = (0, 0, 0, 0)
        withUnsafeMutablePointer(to: &out) { pointer in
            pointer.withMemoryRebound(to: Int64.self, capacity: 4) { cls_guard_noted(raw, $0) }
        }
        return (Int(out.0), Int(out.1), Int(out.2), Int(out.3))
    }
}

/// Memory shared by the Lua states of one run: each state keeps its own cap, and the
/// pool caps them together, so a stack of many policies cannot add up past it.
public final class LuaMemoryPool: @unchecked Sendable {
    // @unchecked: the C pool is a reference-counted atomic counter.
    let raw: OpaquePointer

    public init(limit: Int) {
        guard let raw = cls_pool_new(max(0, limit)) else { fatalError("out of memory for a memory pool") }
        self.raw = raw
    }

    deinit { cls_pool_release(raw) }

    /// Bytes the states reserved from the pool (whole chunks of 256 KiB).
    public var used: Int { cls_pool_used(raw) }
    public var limit: Int { cls_pool_limit(raw) }
}
