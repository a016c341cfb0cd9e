import CalendarData
import Glibc
import CalendarCore
import LuaHost
import Synchronization

/// The one watcher thread of a process: looks at every running `PolicyRun` a few times a
/// second, stops the overdue ones and reports work that stays stuck after a stop.
///
/// The thread starts when a run first needs it, not with the first run: starting it cost a
/// one-month command ~0.18 ms of its ~3 ms here, and its first look comes a period
/// (`period`) later, after most commands have ended. Until then each run's guard carries one
/// look, a timer on the run's thread (`LuaRunGuard.scheduleWatcherLook`), that does what the
/// first look would (arms the budget of a call still running) and asks for the thread, which
/// the run's thread starts at its next protected call, budget hook, or call or return of Lua.
/// A call into the host (calendar conversions, holiday data, files), which Lua cannot
/// interrupt, starts it first.
final class RunPatrol: Sendable {
    static let shared: RunPatrol = {
        LuaRunGuard.setWatcherStarter { RunPatrol.shared.start() }
        return RunPatrol()
    }()

    /// Seconds between looks.
    static let period = 0.010

    private struct Watched {
        let run: PolicyRun
        let started: Double
        var stoppedAt: Double?
        var reported = false
        var progress: (entries: UInt64, exits: UInt64) = (0, 0)
        var progressAt: Double
        /// The entry whose budget this patrol armed last (sliced budgets, `LuaBudgetMode`).
        var armedEntry: UInt64 = 0
    }

    private let watched = LockedValue<[Int: Watched]>([:])
    private let nextTicket = Atomic<Int>(0)
    private let started = Atomic<Bool>(false)

    func watch(_ run: PolicyRun) -> Int {
        let ticket = nextTicket.add(1, ordering: .relaxed).newValue
        let now = RunPatrol.now()
        watched.withLock { $0[ticket] = Watched(run: run, started: now, progressAt: now) }
        if !started.load(ordering: .relaxed), !run.guardRecord.scheduleWatcherLook(after: RunPatrol.period) { start() }
        return ticket
    }

    func forget(_ ticket: Int) {
        let entry = watched.withLock { $0.removeValue(forKey: ticket) }
        entry?.run.guardRecord.cancelWatcherLook()
    }

    /// Starts the thread (once; any thread may call it, in ordinary context).
    func start() {
        guard started.compareExchange(expected: false, desired: true, ordering: .relaxed).exchanged else { return }
        LuaRunGuard.watcherStarted()
        var thread = pthread_t()
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        _ = pthread_create(&thread, &attributes, { _ in RunPatrol.shared.patrol() }, nil)
    }

    private func patrol() -> Never {
        while true {
            usleep(useconds_t(RunPatrol.period * 1e6))
            look(now: RunPatrol.now())
        }
    }

    /// One look at every run at time `now` (the thread's loop; tests call it by hand).
    func look(now: Double) {
        var stuck: [(PolicyRun, String)] = []
        watched.withLock { runs in
            for (ticket, var entry) in runs {
                let run = entry.run
                if entry.stoppedAt == nil, now - entry.started > run.limits.deadline {
                    run.guardRecord.interrupt(reason: run.deadlineMessage)
                    entry.stoppedAt = now
                } else if entry.stoppedAt == nil, run.guardRecord.isInterrupted {
                    entry.stoppedAt = now
                }
                let progress = run.guardRecord.progress
                // The same call seen running at two looks has outlived its slice: its budget
                // starts counting now (once per call).
                if progress == entry.progress, progress.entries != progress.exits, entry.armedEntry != progress.entries {
                    run.guardRecord.armBudget()
                    entry.armedEntry = progress.entries
                }
                if progress != entry.progress {
                    entry.progress = progress
                    entry.progressAt = now
                }
                if let stoppedAt = entry.stoppedAt, !entry.reported, progress.entries != progress.exits,
                   now - max(stoppedAt, entry.progressAt) > run.limits.stuckGrace {
                    entry.reported = true
                    stuck.append((run, RunPatrol.describe(run)))
                }
                runs[ticket] = entry
            }
        }
        for (run, description) in stuck { run.onStuck(description) }
    }

    /// "path: canSelect/decorationFor for 2026-12-01…2026-12-31: did not finish …".
    static func describe(_ run: PolicyRun) -> String {
        let (subject, detail, first, last) = run.guardRecord.noted
        let name = PolicySubjects.shared.name(of: subject) ?? "policy"
        var text = name
        if let work = RunNote.describe(detail: detail, first: first, last: last) { text += ": " + work }
        return text + ": " + run.deadlineMessage + "; stuck inside a library function, where a policy cannot be interrupted"
    }

    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}

/// What the engine notes before entering Lua (see `LuaRunGuard.note`).
enum RunNote {
    /// Detail values: 0 loading, 64 running tests, else bits of the asked functions (1 canSelect,
    /// 2 canDeselect, 4 decorationFor, 8 hoursFor, 16 answersForYear).
    static func note(subject: Int, functions bits: Int, first: Day?, last: Day?) {
        LuaRunGuard.note(subject, bits, first?.dayNumber ?? Int.min, last?.dayNumber ?? Int.min)
    }

    /// The bit `note` uses for a function.
    static func bit(_ slot: LuaFunctionSlot) -> Int { 1 << slot.rawValue }

    static func noteLoading(subject: Int) {
        LuaRunGuard.note(subject, 0, Int.min, Int.min)
    }

    static func noteTest(subject: Int) {
        LuaRunGuard.note(subject, 64, Int.min, Int.min)
    }

    static func describe(detail: Int, first: Int, last: Int) -> String? {
        guard detail != 0 else { return "loading" }
        guard detail != 64 else { return "running tests" }
        let names = [detail & 1 != 0 ? "canSelect" : nil, detail & 2 != 0 ? "canDeselect" : nil,
                     detail & 4 != 0 ? "decorationFor" : nil, detail & 8 != 0 ? "hoursFor" : nil,
                     detail & 16 != 0 ? "answersForYear" : nil].compactMap { $0 }.joined(separator: "/")
        guard first != Int.min else { return names }
        let from = Day(dayNumber: first)
        let days = last == Int.min || last == first ? from.iso : "\(from.iso)…\(Day(dayNumber: last).iso)"
        return "\(names) for \(days)"
    }
}
