import CalPolicyRequests
import Glibc
import PolicyEngine

/// The limits of a command's run: `--timeout SECONDS`, or `CALPOLICY_TIMEOUT` (for slow
/// hosts such as valgrind), else the engine's default.
enum RunSettings {
    static let range: ClosedRange<Double> = 0.001...86_400

    static func limits(_ parsed: RequestValues) throws(CLIError) -> RunLimits {
        var limits = RunLimits()
        if let text = parsed.value("timeout") {
            limits.deadline = try seconds(text)
        } else if let text = getenv("CALPOLICY_TIMEOUT").map({ String(cString: $0) }),
                  let value = Double(text), range.contains(value) {
            limits.deadline = value
        }
        return limits
    }

    static func seconds(_ text: String) throws(CLIError) -> Double {
        guard let value = Double(text), value.isFinite, text.allSatisfy({ $0.isNumber || $0 == "." }) else {
            throw .usage(.invalidValue(text, option: CommandCatalog.timeout.display,
                                       reason: "expected a number of seconds"))
        }
        guard range.contains(value) else {
            throw .usage(.invalidValue(text, option: CommandCatalog.timeout.display,
                                       reason: "must be between 0.001 and 86400 seconds"))
        }
        return value
    }
}
