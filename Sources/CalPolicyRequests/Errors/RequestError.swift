import CalendarCore
import PolicyEngine
/// A bad value or combination of options, as data keyed by the option it is about. Each face
/// words it with its own names for options (`RequestError.message(_:)` with an `OptionNaming`):
/// the CLI says `invalid value '2024-13' for '--month <YYYY-MM>': …`, the server
/// `… for 'month': …` and names `month` as the JSON error's parameter. Nothing ever parses the
/// text back.
public struct RequestError: Error, Hashable, Sendable {
    public enum Problem: Hashable, Sendable {
        /// The value cannot be used: the reason says what was expected.
        case invalidValue(String, reason: [ReasonPart])
        /// Given with `other`, which it cannot be combined with.
        case conflicts(with: OptionSpec)
        /// Needs `other` as well (`--to` without `--from`).
        case requires(OptionSpec)
        /// A required option is absent.
        case missing
        /// Makes no sense here (`--range-rule` outside range mode).
        case notApplicable([ReasonPart])
    }

    /// A piece of a reason: text, an option mentioned (each face names it), or words each face
    /// says its own way (where the CLI has a flag the API expresses by its route).
    public enum ReasonPart: Hashable, Sendable {
        case text(String)
        case mention(OptionSpec)
        case byFace(commandLine: String, api: String)
    }

    /// The option the problem is about.
    public var option: OptionSpec
    public var problem: Problem

    public init(_ option: OptionSpec, value: String, reason: String) {
        self.init(option, .invalidValue(value, reason: [.text(reason)]))
    }

    public init(_ option: OptionSpec, value: String, because reason: ReasonPart...) {
        self.init(option, .invalidValue(value, reason: reason))
    }

    public init(_ option: OptionSpec, _ problem: Problem) {
        self.option = option
        self.problem = problem
    }

    /// The reason of an invalid value, as `naming` words it.
    public func reason(_ naming: OptionNaming) -> String? {
        guard case .invalidValue(_, let parts) = problem else { return nil }
        return Self.text(parts, naming)
    }

    /// The one wording of every problem.
    public func message(_ naming: OptionNaming) -> String {
        let subject = naming.subject(option)
        switch problem {
        case .invalidValue(let value, let parts):
            return "invalid value '\(InputEcho.cut(value))' for '\(subject)': \(Self.text(parts, naming))"
        case .conflicts(let other):
            return "options '\(subject)' and '\(naming.subject(other))' cannot be used together"
        case .requires(let other):
            return "option '\(subject)' requires '\(naming.subject(other))'"
        case .missing:
            return "missing required option '\(subject)'"
        case .notApplicable(let parts):
            return "\(naming.mention(option)): \(Self.text(parts, naming))"
        }
    }

    static func text(_ parts: [ReasonPart], _ naming: OptionNaming) -> String {
        var text = ""
        for part in parts {
            switch part {
            case .text(let words): text += words
            case .mention(let option): text += naming.mention(option)
            case .byFace(let commandLine, let api): text += naming.isCommandLine ? commandLine : api
            }
        }
        return text
    }
}

/// How a face names options in messages: as the subject of an error and when mentioned.
public struct OptionNaming: Sendable {
    public var subject: @Sendable (OptionSpec) -> String
    public var mention: @Sendable (OptionSpec) -> String
    public var isCommandLine: Bool

    /// `'--month <YYYY-MM>'` as the subject, `--mode` when mentioned.
    public static let commandLine = OptionNaming(subject: { $0.display }, mention: { "--" + $0.name },
                                                 isCommandLine: true)
    /// The API parameter (`month`, `limits.maxCount`) throughout.
    public static let api = OptionNaming(subject: { $0.parameter }, mention: { $0.parameter }, isCommandLine: false)
}
