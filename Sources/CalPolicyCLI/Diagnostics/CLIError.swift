import PolicyEngine

/// Every way a command can fail, each mapped to one stderr line and an exit code
/// by `ErrorRenderer`.
enum CLIError: Error, Sendable {
    /// The command line is wrong (exit 2).
    case usage(UsageError)
    /// A policy file exists but cannot be used as a policy: empty, binary (exit 3).
    case policyFile(path: String, problem: String)
    /// A policy failed to load or failed while answering (exit 3).
    case policy(PolicyError)
    /// The input was refused by the policies, not malformed: a supplied `select`
    /// state holding a denied day (exit 1, like a rejected tap).
    case refused(String)
    /// Problems were already reported line by line (`check`); only the exit code remains.
    case reported(exitCode: Int32)
}

/// Exit codes, documented in README and docs/cli.md; scripts depend on them.
enum ExitCode {
    static let ok: Int32 = 0
    /// A result CI should stop on (a rejected tap in `select`).
    static let stop: Int32 = 1
    static let usage: Int32 = 2
    static let policy: Int32 = 3
}
