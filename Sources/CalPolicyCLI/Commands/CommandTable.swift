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
/// instructions, 5 % of a month's cold start. `CommandTableTests` hold each entry's name to
/// its spec's.
enum CommandTable {
    struct Entry: Sendable {
        let name: String
        let type: any CLICommand.Type

        init(_ name: String, _ type: any CLICommand.Type) {
            self.name = name
            self.type = type
        }

        func make() -> Command { type.command }
    }

    static let entries: [Entry] = [
        Entry("eval", EvalCommand.self),
        Entry("select", SelectCommand.self),
        Entry("workdays", WorkdaysCommand.self),
        Entry("overlay", OverlayCommand.self),
        Entry("revalidate", RevalidateCommand.self),
        Entry("gate", GateCommand.self),
        Entry("replay", ReplayCommand.self),
        Entry("override", OverrideCommand.self),
        Entry("export", ExportCommand.self),
        Entry("gitops-pause", GitOpsPauseCommand.self),
        Entry("check", CheckCommand.self),
        Entry("test", TestCommand.self),
        Entry("lint", LintCommand.self),
        Entry("new", NewCommand.self),
        Entry("snapshot", SnapshotCommand.self),
        Entry("diff", DiffCommand.self),
        Entry("explain", ExplainCommand.self),
        Entry("repl", ReplCommand.self),
        Entry("import", ImportCommand.self),
        Entry("holidays", HolidaysCommand.self),
        Entry("bundle", BundleCommand.self),
        Entry("completion", CompletionCommand.self),
    ]

    static var all: [Command] { entries.map { $0.make() } }

    static func command(named name: String) -> Command? { entries.first { $0.name == name }?.make() }
}
