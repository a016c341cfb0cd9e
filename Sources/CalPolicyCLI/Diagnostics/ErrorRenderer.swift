import CalPolicyArguments
import CalPolicyRequests
import PolicyEngine
import Rendering

/// The one place that turns an error into text and an exit code: one stderr line
/// `calpolicy: <where>: <what>`, plus a traceback only when asked.
enum ErrorRenderer {
    static func exitCode(for error: CLIError) -> Int32 {
        switch error {
        case .usage, .request, .override: return ExitCode.usage
        case .policyFile, .policy: return ExitCode.policy
        case .refused: return ExitCode.stop
        case .reported(let code): return code
        case .bundle(let problem): return problem.kind == .input ? ExitCode.usage : ExitCode.stop
        }
    }

    /// The lines to print on stderr: exactly one, unless `verbose` adds a traceback.
    static func lines(for error: CLIError, verbose: Bool) -> [String] {
        switch error {
        case .usage(let usage):
            return [line(usage.description)]
        case .request(let error):
            return [line(message(error))]
        case .policyFile(let path, let problem):
            return [line("\(path): \(problem)")]
        case .policy(let policyError):
            var lines = [line(policyError.description)]
            if verbose, let traceback = policyError.traceback, !traceback.isEmpty {
                lines += traceback.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
            }
            return lines
        case .refused(let message):
            return [line(message)]
        case .override(let problem):
            return [line(TerminalText.escape(problem.file) + ": " + problem.detail)]
        case .bundle(let problem):
            return [line(TerminalText.escape(problem.line))]
        case .reported:
            return []
        }
    }

    /// A request error in the command line's words: an option with its value placeholder
    /// (`'--month <YYYY-MM>'`), or as a line's subject by its bare name (`--range-rule: …`).
    static func message(_ error: RequestError) -> String {
        error.message(.commandLine)
    }

    /// A policy warning (`check`): one stderr line `calpolicy: file:line: warning: …`.
    static func line(for warning: PolicyWarning) -> String { line(warning.description) }

    /// Every error line goes through here, so user input or a policy message holding a
    /// newline or control character can never split or colour the line.
    static func line(_ message: String) -> String { TerminalText.line("calpolicy: " + message) }

    /// A policy's message may hold newlines or control characters; one error is one line.
    /// The project's one escaper for text on a terminal (`TerminalText`, also used by
    /// policy `print`, the test report and JUnit): controls, bidi and invisible format
    /// characters become `\u{…}`.
    static func singleLine(_ text: String) -> String { TerminalText.escape(text) }
}
