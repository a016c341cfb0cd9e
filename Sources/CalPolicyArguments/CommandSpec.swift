import CalPolicyRequests

/// What a command accepts: its options and how its positional arguments are named.
public struct CommandSpec: Sendable {
    public let name: String
    public let abstract: String
    /// `[POLICY ...]`, shown in usage.
    public let positionalUsage: String
    /// How many positional arguments are allowed at most (nil: any number).
    public var maxPositionals: Int? = nil
    public let options: [OptionSpec]
    /// Extra help paragraphs after the options.
    public let discussion: String
    /// The program help's USAGE line names (`calpolicy eval`, `calpolicy-serve`).
    public var program: String

    public init(name: String, abstract: String, positionalUsage: String, maxPositionals: Int? = nil,
                options: [OptionSpec], discussion: String, program: String? = nil) {
        self.name = name
        self.abstract = abstract
        self.positionalUsage = positionalUsage
        self.maxPositionals = maxPositionals
        self.options = options
        self.discussion = discussion
        self.program = program ?? "calpolicy \(name)"
    }

    public func option(named name: String) -> OptionSpec? {
        options.first { $0.name == name }
    }

    public func option(short letter: Character) -> OptionSpec? {
        options.first { $0.short == letter }
    }
}
