import CalendarCore
import CalPolicyArguments
import CalPolicyRequests
import PolicyBundle
import PolicyEngine

/// Every way a command can fail, each mapped to one stderr line and an exit code
/// by `ErrorRenderer`.
enum CLIError: Error, Sendable {
    /// The command line is wrong (exit 2).
    case usage(UsageError)
    /// An option's value or combination is wrong (exit 2), named by its CLI spelling.
    case request(RequestError)
    /// A policy file exists but cannot be used as a policy: empty, binary (exit 3).
    case policyFile(path: String, problem: String)
    /// A policy failed to load or failed while answering (exit 3).
    case policy(PolicyError)
    /// The input was refused by the policies, not malformed: a supplied `select`
    /// state holding a denied day (exit 1, like a rejected tap).
    case refused(String)
    /// An override file refused (its file and field), or an overrides folder that is none (exit 2).
    case override(OverrideProblem)
    /// A bundle or key refused: bad input (exit 2), or a bundle that fails its checks (exit 1).
    case bundle(BundleProblem)
    /// Problems were already reported line by line (`check`); only the exit code remains.
    case reported(exitCode: Int32)

    init(_ failure: RequestFailure) {
        switch failure {
        case .request(let error): self = .request(error)
        case .badPolicyPath(let path, let problem): self = .usage(.badPolicyPath(path, problem: problem))
        case .policyFile(let path, let problem): self = .policyFile(path: path, problem: problem)
        case .policy(let error): self = .policy(error)
        case .refused(let option, let detail): self = .refused("--\(option.name): \(detail)")
        case .noBusinessDay: self = .refused("workdays: " + (failure.noDayMessage ?? ""))
        case .noCommonOpen: self = .refused("overlay: " + (failure.noDayMessage ?? ""))
        }
    }

    /// Runs a request-layer step, its errors in the CLI's terms.
    static func wrap<T>(_ body: () throws(RequestError) -> T) throws(CLIError) -> T {
        do { return try body() } catch { throw .request(error) }
    }

    static func wrap<T>(_ body: () throws(RequestFailure) -> T) throws(CLIError) -> T {
        do { return try body() } catch { throw CLIError(error) }
    }
}

extension CLIError {
    /// Policy errors keep their type; anything else a policy throws is still a policy error.
    init(policyFailure error: any Error) {
        if let cliError = error as? CLIError { self = cliError } else {
            self = CLIError(RequestFailure(policyFailure: error))
        }
    }
}

/// Exit codes, documented in README and docs/cli.md; scripts depend on them.
enum ExitCode {
    static let ok: Int32 = 0
    /// A result CI should stop on (a rejected tap in `select`).
    static let stop: Int32 = 1
    static let usage: Int32 = 2
    static let policy: Int32 = 3
}
