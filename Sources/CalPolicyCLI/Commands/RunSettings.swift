import CalPolicyRequests
import Glibc
import PolicyEngine

/// The limits of a command's run: `--timeout SECONDS`, or `CALPOLICY_TIMEOUT` (for slow
/// hosts such as valgrind), else the engine's default.
enum RunSettings {
    static func limits(_ parsed: RequestValues) throws(CLIError) -> RunLimits {
        var limits = RunLimits()
        if let text = parsed.value(OptionCatalogue.timeout) {
            limits.deadline = try CLIError.wrap { () throws(RequestError) in
                try ValueParser.seconds(text, option: OptionCatalogue.timeout)
            }
        } else if let text = getenv("CALPOLICY_TIMEOUT").map({ String(cString: $0) }),
                  let value = Double(text), ValueParser.secondsRange.contains(value) {
            limits.deadline = value
        }
        return limits
    }
}
