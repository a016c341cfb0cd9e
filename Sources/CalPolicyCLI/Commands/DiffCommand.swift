import CalPolicyArguments
import CalPolicyRequests
import CalendarCore
import PolicyEngine
import Rendering

/// `calpolicy diff OLD NEW [span]`: every day two versions of a policy disagree on.
enum DiffCommand: RunnableCommand {
    static var spec: CommandSpec { CommandCatalog.diff }

    static func run(_ parsed: RequestValues, console: Console) throws(CLIError) -> Int32 {
        guard parsed.positionals.count <= 2 else {
            throw .usage(.invalidValue(parsed.positionals[2], option: "OLD NEW",
                                       reason: "expected exactly two policies to compare"))
        }
        guard parsed.positionals.count == 2 else {
            throw .usage(.missingArgument(parsed.positionals.isEmpty ? "OLD" : "NEW"))
        }
        let format = try parsed.choice(CommandCatalog.diffFormat, default: DiffFormat.text)
        let selections = parsed.has(OptionCatalogue.storedSelections) ? try RevalidateCommand.read(parsed) : nil
        if selections != nil && format == .html {
            throw .request(RequestError(OptionCatalogue.storedSelections,
                                        .notApplicable([.text("applies to --format text and json, not html")])))
        }
        let evaluation = try console.evaluation(parsed)
        let settings = evaluation.settings
        let givenSpan = parsed.has("year") || parsed.has("month") || parsed.has("from") || parsed.has("to")
        let span = givenSpan ? try CLIError.wrap { () throws(RequestError) in try SpanResolver.resolve(parsed, settings: settings).days } : nil
        var revisions: [PolicyRevision] = []
        var sources: [[UInt8]?] = []
        defer { for revision in revisions { revision.cleanUp() } }
        for argument in parsed.positionals {
            // A file is read once, here; a `git:` revision is read from its temporary copy.
            sources.append(argument.hasPrefix(PolicyRevision.prefix) || BuiltInReference.isReference(argument) ? nil
                : try PolicyLoader.read(argument))
            do {
                revisions.append(try PolicyRevision(argument))
            } catch {
                throw .usage(.badPolicyPath(argument, problem: error.message))
            }
        }
        // No span: every year either version mentions or a stored snapshot of either covers,
        // and at least this year and the next two; at most 400 years, and a cut is no pass.
        var compared = span ?? DaySpan(settings.today, settings.today)
        var cutWarning: String?
        if span == nil {
            let choice = DiffSpan.defaultSpan(for: revisions.map(\.workingPath),
                                              sources: zip(sources, revisions).map { $0 ?? $1.source }, today: settings.today)
            compared = choice.span
            cutWarning = choice.warning
        }
        let zone = try CLIError.wrap { () throws(RequestError) in try StackZone.resolve(parsed) }
        var limits = LuaPolicyOptions()
        limits.print = PolicyPrintLine.handler(verbose: parsed.has("verbose"))
        let diff: PolicyDiff
        do {
            diff = try PolicyDiff.compare(old: revisions[0].path, new: revisions[1].path,
                                          oldName: revisions[0].argument, newName: revisions[1].argument,
                                          oldSource: sources[0], newSource: sources[1],
                                          span: compared, context: settings.context, limits: limits,
                                          builtIns: evaluation.builtIns, zone: zone)
        } catch {
            throw .policy(error)
        }
        // A day the change breaks: selectable before, not after.
        let breaks = selections.map { selections in
            RevalidateUseCase.breaks(selections, newlyDenied: Set(diff.changes.filter {
                $0.old?.selectable == true && $0.new?.selectable == false
            }.map(\.day)))
        }
        switch format {
        case .text: console.write(DiffRenderer.text(diff, breaks: breaks))
        case .json: console.write(DiffRenderer.json(diff, breaks: breaks))
        case .html: console.write(DiffHTMLRenderer.render(diff, names: settings.names))
        }
        if let warning = cutWarning {
            console.error(ErrorRenderer.line("diff: warning: " + warning))
            return ExitCode.stop
        }
        return diff.isEmpty ? ExitCode.ok : ExitCode.stop
    }
}
