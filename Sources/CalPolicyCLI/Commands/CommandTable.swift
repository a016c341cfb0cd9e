import CalPolicyArguments
import CalPolicyRequests
/// A command: what it accepts and how help shows it (`CommandSpec`), and what runs it.
struct Command: Sendable {
    typealias Run = @Sendable (RequestValues, Console) throws(CLIError) -> Int32

    let spec: CommandSpec
    let run: Run
    /// A command of actions (`override add|list|check`): the word after its name picks one,
    /// whose spec scans the rest and whose `run` runs; the group's own spec is its help.
    var actions: [Command] = []
    /// Runs policy work as runs of its own (`repl`: one per answer), not inside one for the command.
    var ownsRuns = false

    var name: String { spec.name }

    /// The action named `word` (`add` of `override`).
    func action(named word: String) -> Command? { actions.first { $0.actionName == word } }

    /// An action's own word: the last of its spec's name (`override add`: `add`).
    var actionName: String { spec.name.split(separator: " ").last.map(String.init) ?? spec.name }

    /// A command of actions (`bundle`, `override`): its spec, the help, names the actions and
    /// takes only `--help`. The group itself is never run: the dispatcher runs one of its
    /// actions, or says which are expected; its `run` says the same.
    static func group(_ name: String, abstract: String, discussion: String, actions: [Command]) -> Command {
        let expected = actions.map(\.actionName).joined(separator: "|")
        let spec = CommandSpec(name: name, abstract: abstract, positionalUsage: expected + " ...",
                               options: [CommandCatalog.help], discussion: discussion)
        return Command(spec: spec, run: { _, _ throws(CLIError) in throw .usage(.missingArgument(expected)) }, actions: actions)
    }
}

/// A command of the table: the type that holds it. Most are a spec and a `run`
/// (`RunnableCommand`); a group of actions (`bundle`, `override`) is a `CommandGroup`.
protocol CLICommand: SendableMetatype {
    static var command: Command { get }
}

/// A command that is its spec and its `run`, as nearly every one is.
protocol RunnableCommand: CLICommand {
    static var spec: CommandSpec { get }
    static func run(_ parsed: RequestValues, console: Console) throws(CLIError) -> Int32
}

extension RunnableCommand {
    static var command: Command { Command(spec: spec, run: run) }
}

/// Every command by name, in the order help lists them: the one table the dispatcher,
/// help and "did you mean" read. Each command is made when asked for: making every
/// command's spec (all their option tables) for a start that runs one was ~200,000
/// instructions, 5 % of a month's cold start. The dispatcher finds its one command through a
/// `switch`, not through `entries`: building that array of command types (its generic
/// metadata included) was ~9,000 instructions of every start. `CommandTableTests` hold every
/// name to a command whose spec has that name.
enum CommandTable {
    struct Entry: Sendable {
        let name: String
        let type: any CLICommand.Type

        func make() -> Command { type.command }
    }

    /// The commands' names, in the order help lists them.
    static let names = [
        "eval", "select", "workdays", "overlay", "revalidate", "gate", "replay", "override", "export", "gitops-pause",
        "check", "test", "lint", "new", "snapshot", "diff", "explain", "repl", "import", "holidays", "bundle",
        "completion",
    ]

    /// The type of the command `name`; nil for a name that is none.
    static func type(named name: String) -> (any CLICommand.Type)? {
        switch name {
        case "eval": EvalCommand.self
        case "select": SelectCommand.self
        case "workdays": WorkdaysCommand.self
        case "overlay": OverlayCommand.self
        case "revalidate": RevalidateCommand.self
        case "gate": GateCommand.self
        case "replay": ReplayCommand.self
        case "override": OverrideCommand.self
        case "export": ExportCommand.self
        case "gitops-pause": GitOpsPauseCommand.self
        case "check": CheckCommand.self
        case "test": TestCommand.self
        case "lint": LintCommand.self
        case "new": NewCommand.self
        case "snapshot": SnapshotCommand.self
        case "diff": DiffCommand.self
        case "explain": ExplainCommand.self
        case "repl": ReplCommand.self
        case "import": ImportCommand.self
        case "holidays": HolidaysCommand.self
        case "bundle": BundleCommand.self
        case "completion": CompletionCommand.self
        default: nil
        }
    }

    static var entries: [Entry] { names.compactMap { name in type(named: name).map { Entry(name: name, type: $0) } } }

    static var all: [Command] { entries.map { $0.make() } }

    static func command(named name: String) -> Command? { type(named: name)?.command }
}
