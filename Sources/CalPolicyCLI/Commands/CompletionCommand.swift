import CalendarData
import CalPolicyArguments
import CalPolicyRequests
import CalendarCore
import PolicyEngine

extension CommandCatalog {
    static let completion = CommandSpec(
        name: "completion",
        abstract: "Print a shell completion script for bash, zsh or fish.",
        positionalUsage: "bash|zsh|fish",
        maxPositionals: 1,
        options: [help],
        discussion: """
        The script completes commands, their options, the values of options with a closed list
        (--calendar's calendars, --locale's locales, --format, --mode, ...) and policy files (*.lua).
        It is generated from the command table, so it lists what this binary accepts. Load it with
        'source <(calpolicy completion bash)', or install it where the shell looks (make install does).
        """
    )
}

/// `calpolicy completion bash|zsh|fish`: a completion script written from the command table
/// and the option catalogue, never by hand, so it cannot drift from what the scanner accepts.
enum CompletionCommand: RunnableCommand {
    static var spec: CommandSpec { CommandCatalog.completion }

    static let shells = ["bash", "zsh", "fish"]

    static func run(_ parsed: RequestValues, console: Console) throws(CLIError) -> Int32 {
        guard let shell = parsed.positionals.first else { throw .usage(.missingArgument("bash|zsh|fish")) }
        let model = CompletionModel.current
        switch shell {
        case "bash": console.write(BashCompletion.script(model))
        case "zsh": console.write(ZshCompletion.script(model))
        case "fish": console.write(FishCompletion.script(model))
        default:
            let nearest = Suggestion.nearest(to: shell, among: shells).map { "; did you mean '\($0)'?" } ?? ""
            throw .usage(.invalidValue(shell, option: "SHELL", reason: "expected bash, zsh or fish" + nearest))
        }
        return ExitCode.ok
    }
}

/// What a completion script knows, shell-neutral: each command, its options and what their
/// values and the positional arguments complete to.
struct CompletionModel {
    enum Values: Equatable {
        case none, calendars, locales, files, words([String])
    }
    enum Positionals: Equatable {
        case none, policies, files(suffix: String), words([String])
    }
    struct Option {
        let name: String
        let short: Character?
        let help: String
        let takesValue: Bool
        let repeats: Bool
        let values: Values
    }
    struct Command {
        let name: String
        let abstract: String
        let options: [Option]
        let positionals: Positionals
    }

    let program = "calpolicy"
    let commands: [Command]
    let calendars: [String]
    let locales: [String]

    static var current: CompletionModel {
        var commands = CommandTable.all.map { command in
            let spec = command.spec
            guard !command.actions.isEmpty else {
                return Command(name: spec.name, abstract: spec.abstract, options: spec.options.map(option),
                               positionals: positionals(spec))
            }
            // A command of actions (`override add|list|check`): its actions' words, and every
            // option any of them takes, once.
            var seen = Set<String>()
            let options = command.actions.flatMap(\.spec.options).filter { seen.insert($0.name).inserted }
            return Command(name: spec.name, abstract: spec.abstract, options: options.map(option),
                           positionals: .words(command.actions.map(\.actionName)))
        }
        let names = CommandCatalog.names + [ServeLauncher.name]
        commands.append(Command(name: ServeLauncher.name, abstract: ServeLauncher.abstract, options: [],
                                positionals: .policies))
        commands.append(Command(name: "help", abstract: "Show help for a command.", options: [],
                                positionals: .words(names)))
        if let index = commands.firstIndex(where: { $0.name == CommandCatalog.completion.name }) {
            let spec = commands[index]
            commands[index] = Command(name: spec.name, abstract: spec.abstract, options: spec.options,
                                      positionals: .words(CompletionCommand.shells))
        }
        return CompletionModel(commands: commands, calendars: CalendarIdentifier.allCases.map(\.rawValue),
                               locales: LocaleCatalog.identifiers.sorted())
    }

    var commandNames: [String] { commands.map(\.name) }

    private static func option(_ spec: OptionSpec) -> Option {
        Option(name: spec.name, short: spec.short, help: spec.help, takesValue: !spec.isFlag, repeats: spec.repeats,
               values: values(spec))
    }

    /// `--calendar` and `--locale` by the engine's lists; a placeholder of lower-case words
    /// (`text|json|csv`) is an option's closed list; FILE and PATH are files; the rest
    /// (dates, numbers) complete to nothing.
    static func values(_ spec: OptionSpec) -> Values {
        guard let placeholder = spec.valueName else { return .none }
        if spec == OptionCatalogue.calendar { return .calendars }
        if spec == OptionCatalogue.locale { return .locales }
        if ["FILE", "PATH", "DIR"].contains(placeholder) { return .files }
        let words = placeholder.split(separator: "|").map(String.init)
        let isWord = { (word: String) in
            word.first.map { $0.isLowercase } == true
                && word.allSatisfy { $0.isLowercase || $0.isNumber || $0 == "-" }
        }
        return words.count > 1 && words.allSatisfy(isWord) ? .words(words) : .none
    }

    private static func positionals(_ spec: CommandSpec) -> Positionals {
        let usage = spec.positionalUsage
        if usage.contains("POLICY") || usage.contains("OLD") || usage.contains("PATH") { return .policies }
        if usage.contains(".ics") { return .files(suffix: ".ics") }
        return .none
    }
}
