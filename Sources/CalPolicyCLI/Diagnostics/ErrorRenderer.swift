import PolicyEngine

/// The one place that turns an error into text and an exit code: one stderr line
/// `calpolicy: <where>: <what>`, plus a traceback only when asked.
enum ErrorRenderer {
    static func exitCode(for error: CLIError) -> Int32 {
        switch error {
        case .usage: return ExitCode.usage
        case .policyFile, .policy: return ExitCode.policy
        case .reported(let code): return code
        }
    }

    /// The lines to print on stderr: exactly one, unless `verbose` adds a traceback.
    static func lines(for error: CLIError, verbose: Bool) -> [String] {
        switch error {
        case .usage(let usage):
            return [line(usage.description)]
        case .policyFile(let path, let problem):
            return [line("\(path): \(problem)")]
        case .policy(let policyError):
            var lines = [line(policyError.description)]
            if verbose, let traceback = policyError.traceback, !traceback.isEmpty {
                lines += traceback.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
            }
            return lines
        case .reported:
            return []
        }
    }

    /// Every error line goes through here, so user input or a policy message holding a
    /// newline or control character can never split or colour the line.
    static func line(_ message: String) -> String { "calpolicy: " + singleLine(message) }

    /// A policy's message may hold newlines or control characters; one error is one line.
    static func singleLine(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += " "
            default:
                // C0, DEL, C1 (NEL, CSI …) and the Unicode line and paragraph separators:
                // log tools split lines on some of them and terminals act on others.
                if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
                    || scalar.value == 0x2028 || scalar.value == 0x2029 {
                    out += "\\u{\(String(scalar.value, radix: 16))}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }
}
