import Glibc

/// How a state's instruction budget is counted.
///
/// The count hook fires every 1,000 instructions of every call; for a policy whose calls are
/// a few hundred nanoseconds that is 14–25 % of the time (benchmarks/README.md). Sliced, a
/// call under a patrolled run (`PolicyRun`) starts without the hook; a call the patrol sees
/// running across two of its looks (10–20 ms) gets the hook armed on its own thread by a
/// signal, and its budget counts from there. Every call that would exhaust the budget still
/// does, with the same message, one slice later at most. Strict counts from the first
/// instruction, exactly: what tests of the budget need, and every call outside a patrolled
/// run is counted so, as is every call of a ThreadSanitizer build (its runtime holds the
/// arming signal back from a thread looping inside liblua; `LuaRunGuard.slicedBudgetsAvailable`).
public enum LuaBudgetMode: String, Sendable, CaseIterable {
    case strict
    case sliced

    /// The process's default: `sliced`, or `strict` when the environment has
    /// `CALPOLICY_BUDGET=strict` (the hostile corpus runs under both in `make test`). `getenv`,
    /// not `ProcessInfo.environment`: that builds a dictionary of the whole environment,
    /// ~450,000 instructions of a cold start.
    public static let processDefault: LuaBudgetMode =
        getenv("CALPOLICY_BUDGET").map { String(cString: $0) } == "strict" ? .strict : .sliced
}
