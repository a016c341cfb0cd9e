import CalendarCore
import Rendering

/// An option whose value is one of a closed list: the list is the enum's cases, in
/// order, for help (`text|json|csv`), errors ("expected one of ...") and parsing alike.
public protocol OptionChoice: RawRepresentable, CaseIterable, Sendable where RawValue == String {}

extension OptionChoice {
    /// `text|json|csv`: how help shows the choices of `cases` (every case, in order). Appended
    /// rather than `joined`: the command table builds these at every start, and the first
    /// `joined(separator:)` of a process makes the runtime scan every protocol conformance in
    /// the binary (~0.24 M instructions, 6 % of a cold start). The cases come from the caller,
    /// who names the concrete type (`EvalFormat.allCases`): reading `allCases` here, generically
    /// and from another module, looked up the `AllCases` associated type at run time
    /// (~0.48 M instructions at every start).
    public static func metavar(_ cases: [Self]) -> String {
        var text = ""
        for choice in cases {
            if !text.isEmpty { text += "|" }
            text += choice.rawValue
        }
        return text
    }
}

/// `eval --format`.
public enum EvalFormat: String, OptionChoice { case text, json, csv, html, ics }

/// `--format` of `select` and `explain`.
public enum DocumentFormat: String, OptionChoice { case text, json }

/// `diff --format`.
public enum DiffFormat: String, OptionChoice { case text, json, html }

/// `test --format`.
public enum TestFormat: String, OptionChoice { case text, junit }

/// `--include`: the built-in policy that keeps only these days selectable.
public enum IncludeChoice: String, OptionChoice { case all, weekdays, weekends }

/// `--week-rule`: ISO 8601 week numbers or the locale's.
public enum WeekRuleChoice: String, OptionChoice { case iso, locale }

/// `select --mode`.
extension SelectionMode: OptionChoice {}

/// `select --range-rule`.
extension RangeRule: OptionChoice {}

/// `--only` of the feed.
extension FeedFilter.Kind: OptionChoice {}

/// `eval --legend`: short (default), full or none.
extension LegendStyle: OptionChoice {}

extension OptionSpec {
    /// An option taking one of `cases` (a choice type's `allCases`); its placeholder lists them.
    public static func choice<Choice: OptionChoice>(_ name: String, _ cases: [Choice], api: String? = nil,
                                                    help: String) -> OptionSpec {
        .value(name, Choice.metavar(cases), api: api, help: help)
    }
}

extension RequestValues {
    /// The value of `option` as a `Choice`; nil when the option is absent. The one
    /// place a choice list is parsed.
    @inlinable
    public func choice<Choice: OptionChoice>(_ option: OptionSpec, as type: Choice.Type = Choice.self)
        throws(RequestError) -> Choice?
    {
        guard let text = value(option.name) else { return nil }
        let name = try ValueParser.choice(text, option: option, among: Choice.allCases.map(\.rawValue))
        guard let choice = Choice(rawValue: name) else {
            throw RequestError(option, value: text, reason: "unknown value")
        }
        return choice
    }
}

/// `lint --format`: `file:line:col: message` lines, one JSON document, or GitHub annotation lines.
public enum LintFormat: String, OptionChoice { case text, json, github }

/// `new`'s kind of starting policy.
public enum NewPolicyKind: String, OptionChoice { case freeze, hours, holidays }
