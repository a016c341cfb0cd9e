import CalendarCore
/// One test (or one stored snapshot) and how it went.
public struct PolicyTestResult: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable { case test, snapshot }

    public var kind: Kind
    /// The test file (or snapshot file) as found.
    public var file: String
    public var name: String
    /// Where the test is declared.
    public var line: Int
    public var failures: [PolicyTestFailure]
    /// Set when `--update-snapshots` rewrote the file.
    public var updated: Bool = false

    public var passed: Bool { failures.isEmpty }
}

/// Everything a run produced.
public struct PolicyTestReport: Hashable, Sendable {
    public var results: [PolicyTestResult]
    /// One per policy file, when coverage was asked for.
    public var coverage: [PolicyCoverage]

    public var passedCount: Int { results.filter(\.passed).count }
    public var failedCount: Int { results.count - passedCount }
}

/// How to run policy tests.
public struct PolicyTestOptions: Sendable {
    /// Only tests whose name contains this text (plain text, not a pattern language).
    public var filter: String?
    public var coverage = false
    public var updateSnapshots = false
    /// Limits for the policies and the test files.
    public var limits = LuaPolicyOptions()
    /// A snapshot file's text, for `updateSnapshots` (the Rendering module's `SnapshotDocument`).
    public var snapshotText: (@Sendable (PolicySnapshot) -> String)?
    /// Built-in policies stacked after every test file's and snapshot's policies.
    public var builtIns: [any DayPolicy] = []
    /// The displayed calendar policies see in tests and snapshots.
    public var calendar: any CalendarSystem = GregorianCalendarSystem()

    public init(filter: String? = nil, coverage: Bool = false, updateSnapshots: Bool = false,
                limits: LuaPolicyOptions = LuaPolicyOptions(),
                snapshotText: (@Sendable (PolicySnapshot) -> String)? = nil) {
        self.snapshotText = snapshotText
        self.filter = filter
        self.coverage = coverage
        self.updateSnapshots = updateSnapshots
        self.limits = limits
    }
}
