/// One option of the catalogue: a flag (no value) or an option with a value, with the names
/// each face knows it by. Errors about a value are keyed by the spec (`RequestError`), and each
/// face names it in its own words: `--month <YYYY-MM>` on the command line, `month` over HTTP.
public struct OptionSpec: Hashable, Sendable {
    /// Long name without dashes (`first-weekday`): the key values are stored under.
    public let name: String
    /// Placeholder shown in help and errors (`YYYY-MM`); nil for a flag.
    public let valueName: String?
    /// Whether the option may be given more than once (`--tap`).
    public let repeats: Bool
    public let short: Character?
    public let help: String
    /// The HTTP API's parameter (`firstWeekday`); nil for an option the API does not take.
    public let apiName: String?

    public static func flag(_ name: String, short: Character? = nil, help: String) -> OptionSpec {
        OptionSpec(name: name, valueName: nil, repeats: false, short: short, help: help, apiName: nil)
    }

    public static func value(_ name: String, _ valueName: String, repeats: Bool = false, short: Character? = nil,
                             api: String? = nil, help: String) -> OptionSpec {
        OptionSpec(name: name, valueName: valueName, repeats: repeats, short: short, help: help, apiName: api)
    }

    public var isFlag: Bool { valueName == nil }

    /// `--month <YYYY-MM>` or `--verbose`: how the command line names the option.
    public var display: String {
        valueName.map { "--\(name) <\($0)>" } ?? "--\(name)"
    }

    /// How the HTTP API names it: its parameter, else the long name.
    public var parameter: String { apiName ?? name }
}
