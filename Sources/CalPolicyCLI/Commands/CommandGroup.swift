import CalPolicyArguments
import CalPolicyRequests

/// A command of actions (`bundle build|sign|...`, `override add|list|check`) that declares each
/// action once, with its run: the group's word begins every action's name, every action takes
/// --help after its own options, and an action's usage says how many arguments it takes.
protocol CommandGroup: CLICommand {
    /// The group's own word (`bundle`).
    static var word: String { get }
}

extension CommandGroup {
    /// The group with its help (`abstract`, `discussion`) and its actions, in the order help
    /// lists them.
    static func group(abstract: String, discussion: String, actions: [Command]) -> Command {
        .group(word, abstract: abstract, discussion: discussion, actions: actions)
    }

    /// The action `word` of the group (`bundle sign`). `positionalUsage` is also its limit: as
    /// many arguments as it names words, any number when it has "..." (`DIR POLICY ...`).
    static func action(_ word: String, abstract: String, positionalUsage: String, options: [OptionSpec],
                       discussion: String, run: @escaping Command.Run) -> Command {
        let words = positionalUsage.split(separator: " ")
        let spec = CommandSpec(name: "\(self.word) \(word)", abstract: abstract, positionalUsage: positionalUsage,
                               maxPositionals: positionalUsage.contains("...") ? nil : words.count,
                               options: options + [CommandCatalog.help], discussion: discussion)
        return Command(spec: spec, run: run)
    }
}
