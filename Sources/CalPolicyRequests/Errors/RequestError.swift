/// A bad value or combination of options, as data keyed by the option it is about. Each face
/// words it with its own name for the option (`RequestError.message(naming:)`): the CLI says
/// `invalid value '2024-13' for '--month <YYYY-MM>': …`, the server `… for 'month': …` and
/// names `month` as the JSON error's parameter. Nothing ever parses the text back.
public struct RequestError: Error, Hashable, Sendable {
    public enum Problem: Hashable, Sendable {
        /// The value cannot be used: `reason` says what was expected.
        case invalidValue(String, reason: String)
        /// Given with `other`, which it cannot be combined with.
        case conflicts(with: OptionSpec)
        /// Needs `other` as well (`--to` without `--from`).
        case requires(OptionSpec)
        /// A required option is absent.
        case missing
        /// Makes no sense here (`--range-rule` outside range mode).
        case notApplicable(String)
    }

    /// The option the problem is about.
    public var option: OptionSpec
    public var problem: Problem

    public init(_ option: OptionSpec, value: String, reason: String) {
        self.option = option
        problem = .invalidValue(value, reason: reason)
    }

    public init(_ option: OptionSpec, _ problem: Problem) {
        self.option = option
        self.problem = problem
    }

    /// The one wording of every problem; `name` is how the face calls an option.
    public func message(naming name: (OptionSpec) -> String) -> String {
        switch problem {
        case .invalidValue(let value, let reason):
            return "invalid value '\(value)' for '\(name(option))': \(reason)"
        case .conflicts(let other):
            return "options '\(name(option))' and '\(name(other))' cannot be used together"
        case .requires(let other):
            return "option '\(name(option))' requires '\(name(other))'"
        case .missing:
            return "missing required option '\(name(option))'"
        case .notApplicable(let problem):
            return "\(name(option)): \(problem)"
        }
    }
}
