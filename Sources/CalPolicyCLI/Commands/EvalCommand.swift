import CalPolicyArguments
import CalPolicyRequests
import CalendarCore
import PolicyEngine
import Rendering

/// `calpolicy eval [POLICY ...] [span] [display] [--format text|json|csv|html|ics]`: the
/// evaluation is `EvalUseCase`'s; this draws it on the console.
enum EvalCommand: RunnableCommand {
    static var spec: CommandSpec { CommandCatalog.eval }

    static func run(_ parsed: RequestValues, console: Console) throws(CLIError) -> Int32 {
        // Every usage problem is found before any policy runs, so a bad flag is always exit 2.
        var evaluation = try console.evaluation(parsed)
        let settings = evaluation.settings
        let format = try parsed.choice(CommandCatalog.evalFormat, default: EvalFormat.text)
        let legend = try parsed.choice(CommandCatalog.legend, default: LegendStyle.short)
        let question = try CLIError.wrap { () throws(RequestError) in
            try EvalUseCase.question(parsed, settings: settings, format: format)
        }
        let verbose = parsed.has("verbose")
        if format != .ics, let option = (OptionCatalogue.feedFilter + [OptionCatalogue.feedName]).first(where: parsed.has) {
            throw .request(RequestError(option, value: parsed.value(option) ?? "", reason: "only --format ics takes it"))
        }
        let files = try PolicyLoader.load(parsed.positionals, today: settings.today, verbose: verbose)
        console.keepUntilExit(files)
        evaluation.settings.overrides = try PolicyLoader.overrides(parsed, policies: files, console: console)
        if format == .ics {
            let request = FeedUseCase.Request(span: question.span, filter: try CLIError.wrap { () throws(RequestError) in
                try FeedUseCase.filter(parsed, evaluation: evaluation, policies: files)
            }, zone: question.zone)
            let feed = try CLIError.wrap { () throws(RequestFailure) in
                try FeedUseCase.run(request, paths: parsed.positionals, evaluation: evaluation, policies: files)
            }
            EvalICSRenderer.render(feed, name: parsed.value(OptionCatalogue.feedName), to: console)
            return ExitCode.ok
        }
        if let streamed = StreamedEvalFormat(format) {
            try CLIError.wrap { () throws(RequestFailure) in
                try EvalUseCase.write(question, as: streamed, paths: parsed.positionals, evaluation: evaluation,
                                      policies: files, to: console)
            }
            return ExitCode.ok
        }
        let report = try CLIError.wrap { () throws(RequestFailure) in
            try EvalUseCase.report(question, paths: parsed.positionals, evaluation: evaluation, policies: files)
        }
        switch format {
        case .json, .csv: break  // written above
        case .html: EvalHTMLRenderer.render(report, to: console)
        case .ics: break  // written above
        case .text:
            console.write(TextCalendarRenderer(report: report, weekNumbers: parsed.has("week-numbers"),
                                               color: console.usesColor, verbose: verbose,
                                               legend: legend).render())
        }
        return ExitCode.ok
    }
}
