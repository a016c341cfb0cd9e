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

/// Every command by name, in the order help lists them: the one table the dispatcher,
/// help and "did you mean" read. Each command is made when asked for: making every
/// command's spec (all their option tables) for a start that runs one was ~200,000
/// instructions, 5 % of a month's cold start. `CommandTableTests` hold each entry's name to
/// its spec's.
enum CommandTable {
    struct Entry: Sendable {
        let name: String
        let make: @Sendable () -> Command
    }

    static let entries: [Entry] = [
        Entry(name: "eval") { Command(spec: CommandCatalog.eval, run: EvalCommand.run) },
        Entry(name: "select") { Command(spec: CommandCatalog.select, run: SelectCommand.run) },
        Entry(name: "workdays") { Command(spec: WorkdaysCommand.spec, run: WorkdaysCommand.run) },
        Entry(name: "overlay") { Command(spec: OverlayCommand.spec, run: OverlayCommand.run) },
        Entry(name: "revalidate") { Command(spec: RevalidateCommand.spec, run: RevalidateCommand.run) },
        Entry(name: "gate") { Command(spec: GateCommand.spec, run: GateCommand.run) },
        Entry(name: "replay") { Command(spec: ReplayCommand.spec, run: ReplayCommand.run) },
        Entry(name: "override") { OverrideCommand.command },
        Entry(name: "export") { Command(spec: ExportCommand.spec, run: ExportCommand.run) },
        Entry(name: "gitops-pause") { Command(spec: GitOpsPauseCommand.spec, run: GitOpsPauseCommand.run) },
        Entry(name: "check") { Command(spec: CommandCatalog.check, run: CheckCommand.run) },
        Entry(name: "test") { Command(spec: CommandCatalog.test, run: TestCommand.run) },
        Entry(name: "lint") { Command(spec: LintCommand.spec, run: LintCommand.run) },
        Entry(name: "new") { Command(spec: NewCommand.spec, run: NewCommand.run) },
        Entry(name: "snapshot") { Command(spec: CommandCatalog.snapshot, run: SnapshotCommand.run) },
        Entry(name: "diff") { Command(spec: CommandCatalog.diff, run: DiffCommand.run) },
        Entry(name: "explain") { Command(spec: CommandCatalog.explain, run: ExplainCommand.run) },
        Entry(name: "repl") { Command(spec: ReplCommand.spec, run: ReplCommand.run, ownsRuns: true) },
        Entry(name: "import") { Command(spec: CommandCatalog.importICS, run: ImportCommand.run) },
        Entry(name: "holidays") { Command(spec: CommandCatalog.holidays, run: HolidaysCommand.run) },
        Entry(name: "bundle") { BundleCommand.command },
        Entry(name: "completion") { Command(spec: CommandCatalog.completion, run: CompletionCommand.run) },
    ]

    static var all: [Command] { entries.map { $0.make() } }

    static func command(named name: String) -> Command? { entries.first { $0.name == name }?.make() }
}
