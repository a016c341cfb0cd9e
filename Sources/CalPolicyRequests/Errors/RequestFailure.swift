import CalendarCore
import PolicyEngine

/// Every way a request can fail, as data: the CLI maps each case to a stderr line and an exit
/// code, the server to a status and a JSON error. Neither reads the other's words.
public enum RequestFailure: Error, Sendable {
    /// A bad option value or combination (CLI exit 2, HTTP 400).
    case request(RequestError)
    /// A policy path that names no readable regular file (CLI exit 2).
    case badPolicyPath(String, problem: String)
    /// A policy file exists but cannot be used as a policy: empty, binary (exit 3, 500).
    case policyFile(path: String, problem: String)
    /// A policy failed to load or failed while answering (exit 3, 500; a deadline: 503).
    case policy(PolicyError)
    /// A supplied selection the policies refuse, about `option` (exit 1, 422).
    case refused(option: OptionSpec, detail: String)
    /// A business-day search that met no allowed day within `years` years of `from` (exit 1, 422).
    case noBusinessDay(from: String, years: Int)
    /// An overlay's search for a day every stack allows that met none within `years` years of
    /// `from` (exit 1, 422).
    case noCommonOpen(from: String, years: Int)

    /// The words of a search that found no day (`noBusinessDay`, `noCommonOpen`), nil for the others.
    public var noDayMessage: String? {
        switch self {
        case .noBusinessDay(let from, let years): "no business day within \(years) years of \(from)"
        case .noCommonOpen(let from, let years): "no day every stack allows within \(years) years of \(from)"
        default: nil
        }
    }

    /// Policy errors keep their type; anything else a policy throws is still a policy error.
    public init(policyFailure error: any Error) {
        if let policyError = error as? PolicyError {
            self = .policy(policyError)
        } else if let failure = error as? RequestFailure {
            self = failure
        } else {
            self = .policyFile(path: "policy", problem: String(describing: error))
        }
    }
}
