import CalPolicyArguments
import CalPolicyRequests
import CalendarCore
import PolicyEngine
import Rendering

/// `calpolicy revalidate POLICY ... --selections FILE`: the stored selections the policies now
/// refuse (`RevalidateUseCase`); exit 1 when any is refused, so a policy change can be checked
/// against an export of the bookings already accepted.
enum RevalidateCommand: RunnableCommand {
    static let spec = CommandSpec(
        name: "revalidate",
        abstract: "List the stored selections the policies now refuse, with the day and the reason.",
        positionalUsage: "POLICY ...",
        options: [OptionCatalogue.storedSelections, CommandCatalog.selectFormat] + CommandCatalog.evaluationOptions
            + [OptionCatalogue.today, CommandCatalog.timeout, CommandCatalog.verbose, CommandCatalog.help],
        discussion: """
        FILE holds one JSON object a line, the shape 'select --format json' writes (compacted to one
        line) with an id: {"id": "b-17", "mode": "multiple", "selection": ["2026-12-24", "2026-12-28"]};
        "days" may stand for "selection", and "range": {"from": DAY, "to": DAY} for every day between.
        Each day is asked once, as a fresh tap asks it (the policies see no selection).
        Prints each refused selection's id, its first refused day and the reason, then the count.
        Exits 1 when any selection is refused, 0 when none, 2 on a malformed line (named by number).
        """
    )

    static func run(_ parsed: RequestValues, console: Console) throws(CLIError) -> Int32 {
        guard !parsed.positionals.isEmpty else { throw .usage(.missingArgument("POLICY")) }
        let selections = try read(parsed)
        let evaluation = try console.evaluation(parsed)
        let format = try parsed.choice(CommandCatalog.selectFormat, default: DocumentFormat.text)
        let files = try PolicyLoader.load(parsed.positionals, today: evaluation.settings.today, verbose: parsed.has("verbose"))
        let answer = try CLIError.wrap { () throws(RequestFailure) in
            try RevalidateUseCase.run(selections, policies: files, evaluation: evaluation)
        }
        let policies = parsed.positionals.map(PolicyIdentity.tidy)
        console.write(format == .json ? JSONWriter.write(RevalidateRenderer.json(answer, policies: policies))
            : RevalidateRenderer.text(answer, policies: policies))
        return answer.refusals.isEmpty ? ExitCode.ok : ExitCode.stop
    }

    /// The stored selections `--selections` names (required).
    static func read(_ parsed: RequestValues) throws(CLIError) -> [RevalidateUseCase.StoredSelection] {
        let option = OptionCatalogue.storedSelections
        let path = try parsed.required(option)
        let text = try InputFile.read(path, option: option, limit: InputFile.selectionsLimit)
        return try CLIError.wrap { () throws(RequestError) in try RevalidateUseCase.parse(text, option: option) }
    }
}
