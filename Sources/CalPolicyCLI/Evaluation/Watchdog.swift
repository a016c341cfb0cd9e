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

    /// What is being watched is kept in parts (a registered subject, the policy functions
    /// that may be running, the days) and formatted only if the watchdog fires: entering
    /// watched work is a few atomic stores, and it happens for every evaluated run of days.
    private let subjects = Mutex<[String]>([])
    /// Odd while watched work runs; bumped on entry and on exit.
    private let serial = Atomic<Int>(0)
    private let currentSubject = Atomic<Int>(0)
    private let currentFunctions = Atomic<Int>(0)
    private let currentDay = Atomic<Int>(Int.min)
    private let currentLastDay = Atomic<Int>(Int.min)
    /// The patrol's last look: the serial it saw running, the Lua calls finished by then
    /// (a run of days is one piece of work, but each call in it counts as progress), and
    /// when it first saw both so.
    private let observed = Mutex<(serial: Int, calls: UInt64, since: Double)>((0, 0, 0))
    private let running = Atomic<Bool>(false)

    /// Where finished policy calls are counted (`LuaPolicy.callsFinished`; tests count their own).
    private let progress: @Sendable () -> UInt64
    /// Only the shared watchdog has a patrol thread; other instances are looked at by hand.
    private let patrols: Bool

    private init() {
        if let text = getenv("CALPOLICY_WATCHDOG_SECONDS").map({ String(cString: $0) }),
           let seconds = Double(text), seconds > 0 {
            limit = seconds
        } else {
            limit = 5
        }
        progress = { LuaPolicy.callsFinished }
        patrols = true
    }

    /// A watchdog without a patrol, for looking at its rules in isolation.
    init(limit: Double, progress: @escaping @Sendable () -> UInt64) {
        self.limit = limit
        self.progress = progress
        patrols = false
    }

    /// A stable number for `subject` (a file name, or a description of one-off work).
    func register(_ subject: String) -> Int {
        subjects.withLock { list in
            if let index = list.firstIndex(of: subject) { return index }
            list.append(subject)
            return list.count - 1
        }
    }

    /// Runs `body`, ending the process if it is still running after `limit` seconds.
    func watch<T, E: Error>(_ what: String, _ body: () throws(E) -> T) throws(E) -> T {
        enter(register(what), functions: .none, day: nil)
        defer { leave() }
        return try body()
    }

    /// Marks watched work as started: `functions` of the policy `subject` for `day` (through
    /// `last`); none for other work. The work ends with `leave()`.
    func enter(_ subject: Int, functions: DayQuestions, day: Day?, through last: Day? = nil) {
        if patrols, !running.load(ordering: .relaxed) { startIfNeeded() }
        currentSubject.store(subject, ordering: .relaxed)
        currentFunctions.store(Watchdog.bits(functions), ordering: .relaxed)
        currentDay.store(day?.dayNumber ?? Int.min, ordering: .relaxed)
        currentLastDay.store(last?.dayNumber ?? Int.min, ordering: .relaxed)
        serial.add(1, ordering: .releasing)
    }

    func leave() { serial.add(1, ordering: .releasing) }

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
        _ = pthread_create(&thread, &attributes, { _ in Watchdog.shared.patrol() }, nil)
    }

    /// One look at the watched work at time `now`: the error line when the same work has
    /// been running since a look more than `limit` seconds earlier, else nil.
    func overdueLine(now: Double) -> String? {
        let before = serial.load(ordering: .acquiring)
        guard before & 1 == 1 else { return nil }
        let subject = currentSubject.load(ordering: .relaxed)
        let functions = Watchdog.functions(currentFunctions.load(ordering: .relaxed))
        let dayNumber = currentDay.load(ordering: .relaxed)
        let lastDayNumber = currentLastDay.load(ordering: .relaxed)
        guard serial.load(ordering: .acquiring) == before else { return nil } // changed while read
        let calls = progress()
        let overdue = observed.withLock { seen -> Bool in
            if seen.serial != before || seen.calls != calls {
                seen = (before, calls, now)
                return false
            }
            return now - seen.since > limit
        }
        guard overdue else { return nil }
        let name = subjects.withLock { $0.indices.contains(subject) ? $0[subject] : "policy" }
        let day = dayNumber == Int.min ? nil : Day(dayNumber: dayNumber)
        let last = lastDayNumber == Int.min ? nil : Day(dayNumber: lastDayNumber)
        return Watchdog.line(for: Watchdog.describe(subject: name, functions: functions, day: day, through: last),
                             limit: limit)
    }

    static func describe(subject: String, functions: DayQuestions, day: Day?, through last: Day? = nil) -> String {
        guard let day else { return subject }
        let days = last.map { $0 == day ? day.iso : "\(day.iso)…\($0.iso)" } ?? day.iso
        let names = [functions.canSelect ? "canSelect" : nil, functions.canDeselect ? "canDeselect" : nil,
                     functions.decoration ? "decorationFor" : nil].compactMap { $0 }
        return "\(subject): \(names.isEmpty ? "work" : names.joined(separator: "/")) for \(days)"
    }

    private static func bits(_ functions: DayQuestions) -> Int {
        (functions.canSelect ? 1 : 0) | (functions.canDeselect ? 2 : 0) | (functions.decoration ? 4 : 0)
    }

    private static func functions(_ bits: Int) -> DayQuestions {
        DayQuestions(canSelect: bits & 1 != 0, canDeselect: bits & 2 != 0, decoration: bits & 4 != 0)
    }

    static func line(for what: String, limit: Double) -> String {
        let seconds = limit == limit.rounded() ? String(Int(limit)) : String(limit)
        return ErrorRenderer.line("\(what) did not finish within \(seconds) s; stopped (a time limit for work "
            + "the instruction budget cannot interrupt)")
    }

    private func patrol() -> Never {
        // Looks a few times per limit, at most every 100 ms: work is stopped between
        // `limit` and `limit` plus one interval after it started.
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
    private let subject: Int
    /// Calls that can run policy code. A Lua function the file does not define answers
    /// without entering Lua, so it is not watched.
    private let watches: DayQuestions

    init(inner: any DayPolicy) {
        self.inner = inner
        let lua = inner as? LuaPolicy
        subject = Watchdog.shared.register(lua?.path ?? inner.name)
        if let defines = lua?.defines {
            watches = DayQuestions(canSelect: defines.canSelect, canDeselect: defines.canDeselect,
                                   decoration: defines.decoration)
        } else {
            watches = .all
        }
    }

    func canSelect(_ day: Day, context: PolicyContext) throws -> Verdict {
        guard watches.canSelect else { return try inner.canSelect(day, context: context) }
        Watchdog.shared.enter(subject, functions: DayQuestions(canSelect: true, canDeselect: false, decoration: false), day: day)
        defer { Watchdog.shared.leave() }
        return try inner.canSelect(day, context: context)
    }

    func canDeselect(_ day: Day, context: PolicyContext) throws -> Verdict {
        guard watches.canDeselect else { return try inner.canDeselect(day, context: context) }
        Watchdog.shared.enter(subject, functions: DayQuestions(canSelect: false, canDeselect: true, decoration: false), day: day)
        defer { Watchdog.shared.leave() }
        return try inner.canDeselect(day, context: context)
    }

    func decoration(for day: Day, context: PolicyContext) throws -> Decoration? {
        guard watches.decoration else { return try inner.decoration(for: day, context: context) }
        Watchdog.shared.enter(subject, functions: DayQuestions(canSelect: false, canDeselect: false, decoration: true), day: day)
        defer { Watchdog.shared.leave() }
        return try inner.decoration(for: day, context: context)
    }

    func answer(_ questions: DayQuestions, for day: Day, context: PolicyContext) throws -> DayAnswers {
        let watched = DayQuestions(canSelect: questions.canSelect && watches.canSelect,
                                   canDeselect: questions.canDeselect && watches.canDeselect,
                                   decoration: questions.decoration && watches.decoration)
        guard !watched.isEmpty else { return try inner.answer(questions, for: day, context: context) }
        Watchdog.shared.enter(subject, functions: watched, day: day)
        defer { Watchdog.shared.leave() }
        return try inner.answer(questions, for: day, context: context)
    }

    /// A run of days is watched as one piece of work; every Lua call that finishes inside
    /// it counts as progress (`LuaPolicy.callsFinished`), so the limit still applies to
    /// each call, not to the run.
    func answers(_ questions: [DayQuestions], for days: [Day], context: PolicyContext) -> DayAnswerBatch {
        let asked = questions.reduce(DayQuestions.none) {
            DayQuestions(canSelect: $0.canSelect || $1.canSelect, canDeselect: $0.canDeselect || $1.canDeselect,
                         decoration: $0.decoration || $1.decoration)
        }
        let watched = DayQuestions(canSelect: asked.canSelect && watches.canSelect,
                                   canDeselect: asked.canDeselect && watches.canDeselect,
                                   decoration: asked.decoration && watches.decoration)
        guard !watched.isEmpty, let first = days.first else { return inner.answers(questions, for: days, context: context) }
        Watchdog.shared.enter(subject, functions: watched, day: first, through: days.last)
        defer { Watchdog.shared.leave() }
        return inner.answers(questions, for: days, context: context)
    }
}
