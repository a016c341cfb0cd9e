#if canImport(Glibc)
import Glibc
#endif
import CalendarCore
import PolicyEngine
import Synchronization

/// The CLI's last defence against a hang.
///
/// The instruction budget stops a policy running Lua, but anything stuck where the
/// budget's hook never fires (a C library call) would hang the command. Each policy
/// load and call the CLI makes is watched; one that runs past the limit (5 s, far above any
/// budgeted call; `CALPOLICY_WATCHDOG_SECONDS` changes it) ends the process with one
/// error line and exit 3 — the partial output is dropped, since it would look complete.
final class Watchdog: Sendable {
    static let shared = Watchdog()

    let limit: Double
    private let activity = Mutex<(what: Activity, since: Double)?>(nil)

    /// What is being watched, kept in parts: the line is formatted only if the watchdog
    /// fires. Building it for every call cost more than a Lua policy call itself.
    struct Activity: Sendable {
        var subject: String
        var action: String = ""
        var day: Day?

        var description: String {
            guard let day else { return subject }
            return "\(subject): \(action) \(day.iso)"
        }
    }
    private let running = Atomic<Bool>(false)

    private init() {
        if let text = getenv("CALPOLICY_WATCHDOG_SECONDS").map({ String(cString: $0) }),
           let seconds = Double(text), seconds > 0 {
            limit = seconds
        } else {
            limit = 5
        }
    }

    /// Runs `body`, ending the process if it is still running after `limit` seconds.
    func watch<T, E: Error>(_ what: @autoclosure () -> String, _ body: () throws(E) -> T) throws(E) -> T {
        try watch(Activity(subject: what()), body)
    }

    func watch<T, E: Error>(_ what: Activity, _ body: () throws(E) -> T) throws(E) -> T {
        startIfNeeded()
        let entry = (what: what, since: Watchdog.now())
        activity.withLock { $0 = entry }
        defer { activity.withLock { $0 = nil } }
        return try body()
    }

    /// Policies whose every call is watched, named by their files.
    static func guarded(_ policies: [any DayPolicy]) -> [any DayPolicy] {
        policies.map { WatchedPolicy(inner: $0) }
    }

    private func startIfNeeded() {
        guard running.compareExchange(expected: false, desired: true, ordering: .relaxed).exchanged else { return }
        var thread = pthread_t()
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        _ = pthread_create(&thread, &attributes, { _ in
            Watchdog.shared.patrol()
            return nil
        }, nil)
    }

    /// The error line for work that has run past the limit at `now`, or nil.
    func overdueLine(now: Double) -> String? {
        guard let current = activity.withLock({ $0 }), now - current.since > limit else { return nil }
        return Watchdog.line(for: current.what.description, limit: limit)
    }

    static func line(for what: String, limit: Double) -> String {
        let seconds = limit == limit.rounded() ? String(Int(limit)) : String(limit)
        return ErrorRenderer.line("\(what) did not finish within \(seconds) s; stopped (a time limit for work "
            + "the instruction budget cannot interrupt)")
    }

    private func patrol() -> Never {
        // Checks a few times per limit, at most every 100 ms.
        let interval = UInt32(max(200, min(100_000, limit * 250_000)))
        while true {
            usleep(interval)
            guard let line = overdueLine(now: Watchdog.now()) else { continue }
            var bytes = Array((line + "\n").utf8)
            _ = bytes.withUnsafeMutableBytes { Glibc.write(2, $0.baseAddress, $0.count) }
            _exit(ExitCode.policy)
        }
    }

    private static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}

/// A policy whose calls go through the watchdog.
struct WatchedPolicy: DayPolicy {
    let inner: any DayPolicy
    var name: String { inner.name }
    private let file: String
    /// Calls that can run policy code. A Lua function the file does not define answers
    /// without entering Lua, so it is not watched (that cost ~800 instructions per day).
    private let watches: (canSelect: Bool, canDeselect: Bool, decoration: Bool)

    init(inner: any DayPolicy) {
        self.inner = inner
        let lua = inner as? LuaPolicy
        file = lua?.path ?? inner.name
        watches = lua?.defines ?? (true, true, true)
    }

    func canSelect(_ day: Day, context: PolicyContext) throws -> Verdict {
        guard watches.canSelect else { return try inner.canSelect(day, context: context) }
        return try Watchdog.shared.watch(.init(subject: file, action: "canSelect for", day: day)) { () throws -> Verdict in
            try inner.canSelect(day, context: context)
        }
    }

    func canDeselect(_ day: Day, context: PolicyContext) throws -> Verdict {
        guard watches.canDeselect else { return try inner.canDeselect(day, context: context) }
        return try Watchdog.shared.watch(.init(subject: file, action: "canDeselect for", day: day)) { () throws -> Verdict in
            try inner.canDeselect(day, context: context)
        }
    }

    func decoration(for day: Day, context: PolicyContext) throws -> Decoration? {
        guard watches.decoration else { return try inner.decoration(for: day, context: context) }
        return try Watchdog.shared.watch(.init(subject: file, action: "decorationFor", day: day)) { () throws -> Decoration? in
            try inner.decoration(for: day, context: context)
        }
    }
}
