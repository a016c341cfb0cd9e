import CalendarCore
import Rendering

/// An option whose value is one of a closed list: the list is the enum's cases, in
/// order, for help (`text|json|csv`), errors ("expected one of ...") and parsing alike.
protocol OptionChoice: RawRepresentable, CaseIterable, Sendable where RawValue == String {}

extension OptionChoice {
    /// `text|json|csv`: how help shows the choices. Appended rather than `joined`: the
    /// command table builds these at every start, and the first `joined(separator:)` of a
    /// process makes the runtime scan every protocol conformance in the binary (~0.24 M
    /// instructions, 6 % of a cold start).
    static var metavar: String {
        var text = ""
        for choice in allCases {
            if !text.isEmpty { text += "|" }
            text += choice.rawValue
        }
        return text
    }
}

/// `eval --format`.
enum EvalFormat: String, OptionChoice { case text, json, csv, html, ics }

/// `--format` of `select` and `explain`.
enum DocumentFormat: String, OptionChoice { case text, json }

/// `diff --format`.
enum DiffFormat: String, OptionChoice { case text, json, html }

/// `test --format`.
enum TestFormat: String, OptionChoice { case text, junit }

/// `--include`: the built-in policy that keeps only these days selectable.
enum IncludeChoice: String, OptionChoice { case all, weekdays, weekends }

/// `--week-rule`: ISO 8601 week numbers or the locale's.
enum WeekRuleChoice: String, OptionChoice { case iso, locale }

/// `select --mode`.
extension SelectionMode: OptionChoice {}

/// `select --range-rule`.
extension RangeRule: OptionChoice {}

/// `eval --legend`: short (default), full or none.
extension LegendStyle: OptionChoice {}

extension OptionSpec {
    /// An option taking one of `Choice`'s values; its placeholder lists them.
    static func choice<Choice: OptionChoice>(_ name: String, _ type: Choice.Type, help: String) -> OptionSpec {
        .value(name, Choice.metavar, help: help)
    }
}

extension ParsedArguments {
    /// The value of `option` as a `Choice`; nil when the option is absent. The one
    /// place a choice list is parsed.
    func choice<Choice: OptionChoice>(_ option: OptionSpec, as type: Choice.Type = Choice.self)
        throws(UsageError) -> Choice?
    {
        guard let text = value(option.name) else { return nil }
        let name = try ValueParser.choice(text, option: option, among: Choice.allCases.map(\.rawValue))
        guard let choice = Choice(rawValue: name) else {
            throw .invalidValue(text, option: option.display, reason: "unknown value")
        }
        return choice
    }

    /// As `choice(_:)`, with `fallback` when absent, the usage error wrapped for a command.
    func choice<Choice: OptionChoice>(_ option: OptionSpec, default fallback: Choice) throws(CLIError) -> Choice {
        do throws(UsageError) {
            return try choice(option, as: Choice.self) ?? fallback
        } catch {
            throw .usage(error)
        }
    }
}
