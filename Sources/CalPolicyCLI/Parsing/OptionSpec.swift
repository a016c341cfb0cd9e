/// One option a command accepts: a flag (no value) or an option with a value.
struct OptionSpec: Hashable, Sendable {
    /// Long name without dashes (`month`).
    let name: String
    /// Placeholder shown in help and errors (`YYYY-MM`); nil for a flag.
    let valueName: String?
    /// Whether the option may be given more than once (`--tap`).
    let repeats: Bool
    let short: Character?
    let help: String

    static func flag(_ name: String, short: Character? = nil, help: String) -> OptionSpec {
        OptionSpec(name: name, valueName: nil, repeats: false, short: short, help: help)
    }

    static func value(_ name: String, _ valueName: String, repeats: Bool = false, help: String) -> OptionSpec {
        OptionSpec(name: name, valueName: valueName, repeats: repeats, short: nil, help: help)
    }

    var isFlag: Bool { valueName == nil }

    /// `--month <YYYY-MM>` or `--verbose`: how errors and help name the option.
    var display: String {
        valueName.map { "--\(name) <\($0)>" } ?? "--\(name)"
    }
}

/// What a command accepts: its options and how its positional arguments are named.
struct CommandSpec: Sendable {
    let name: String
    let abstract: String
    /// `[POLICY ...]`, shown in usage.
    let positionalUsage: String
    /// How many positional arguments are allowed at most (nil: any number).
    var maxPositionals: Int? = nil
    let options: [OptionSpec]
    /// Extra help paragraphs after the options.
    let discussion: String

    func option(named name: String) -> OptionSpec? {
        options.first { $0.name == name }
    }

    func option(short letter: Character) -> OptionSpec? {
        options.first { $0.short == letter }
    }
}
