import CalPolicyArguments
import CalPolicyRequests
/// A command: what it accepts and how help shows it (`CommandSpec`), and what runs it.
struct Command: Sendable {
    typealias Run = @Sendable (RequestValues, Console) throws(CLIError) -> Int32

    let spec: CommandSpec
    let run: Run

    var name: String { spec.name }
}

/// Every command by name, in the order help lists them: the one table the dispatcher,
/// help and "did you mean" read.
enum CommandTable {
    static let all: [Command] = [
        Command(spec: CommandCatalog.eval, run: EvalCommand.run),
        Command(spec: CommandCatalog.select, run: SelectCommand.run),
        Command(spec: WorkdaysCommand.spec, run: WorkdaysCommand.run),
        Command(spec: OverlayCommand.spec, run: OverlayCommand.run),
        Command(spec: RevalidateCommand.spec, run: RevalidateCommand.run),
        Command(spec: GateCommand.spec, run: GateCommand.run),
        Command(spec: ExportCommand.spec, run: ExportCommand.run),
        Command(spec: CommandCatalog.check, run: CheckCommand.run),
        Command(spec: CommandCatalog.test, run: TestCommand.run),
        Command(spec: CommandCatalog.snapshot, run: SnapshotCommand.run),
        Command(spec: CommandCatalog.diff, run: DiffCommand.run),
        Command(spec: CommandCatalog.explain, run: ExplainCommand.run),
        Command(spec: CommandCatalog.importICS, run: ImportCommand.run),
        Command(spec: CommandCatalog.holidays, run: HolidaysCommand.run),
        Command(spec: CommandCatalog.completion, run: CompletionCommand.run),
    ]

    static func command(named name: String) -> Command? { all.first { $0.name == name } }
}
