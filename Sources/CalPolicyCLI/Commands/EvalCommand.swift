import CalendarCore
import PolicyEngine
import Rendering

/// `calpolicy eval [POLICY ...] [span] [display] [--format text|json|csv]`.
enum EvalCommand {
    static func run(_ parsed: ParsedArguments, console: Console) throws(CLIError) -> Int32 {
        // Every usage problem is found before any policy runs, so a bad flag is always exit 2.
        let evaluation = try EvaluationOptions(parsed, console: console)
        let settings = evaluation.settings
        let format = try parsed.choice(CommandCatalog.evalFormat, default: EvalFormat.text)
        // The HTML page is a year at a glance: without a span option, today's year; iCalendar
        // exports this year and the next, capped.
        let span = format == .ics ? try SpanResolver.resolveForExport(parsed, settings: settings)
            : try SpanResolver.resolve(parsed, settings: settings, yearByDefault: format == .html)
        let legend = try parsed.choice(CommandCatalog.legend, default: LegendStyle.short)
        let grids = try grids(span, format: format, settings: settings)
        let verbose = parsed.has("verbose")
        let files = try PolicyLoader.load(parsed.positionals, today: settings.today, verbose: verbose)
        let report = try report(parsed, evaluation: evaluation, span: span, grids: grids, format: format, files: files)
        switch format {
        case .json: EvalJSONRenderer.render(report, to: console)
        case .csv: EvalCSVRenderer.render(report, to: console)
        case .html: EvalHTMLRenderer.render(report, to: console)
        case .ics: EvalICSRenderer.render(report, name: EvalICSRenderer.calendarName(policies: parsed.positionals),
                                          to: console)
        case .text:
            console.write(TextCalendarRenderer(report: report, weekNumbers: parsed.has("week-numbers"),
                                               color: console.usesColor, verbose: verbose,
                                               legend: legend).render())
        }
        return ExitCode.ok
    }

    /// The month grids a format draws (an export draws none).
    static func grids(_ span: ResolvedSpan, format: EvalFormat,
                      settings: DisplaySettings) throws(CLIError) -> [(month: CalendarMonth, grid: MonthGrid)] {
        guard format != .ics else { return [] }
        return try span.months.map { month throws(CLIError) in (month: month, grid: try grid(for: month, settings: settings)) }
    }

    /// What `eval` prints, evaluated: the loaded policies (`files`, the positionals in order)
    /// stacked with the built-in rules over the span, with provenance lines for JSON. The CLI
    /// and the server's eval routes both build their documents here.
    static func report(_ parsed: ParsedArguments, evaluation: EvaluationOptions, span: ResolvedSpan,
                       grids: [(month: CalendarMonth, grid: MonthGrid)], format: EvalFormat,
                       files: [any DayPolicy]) throws(CLIError) -> EvalReport {
        let settings = evaluation.settings
        let stack = PolicyStack(files + evaluation.builtIns)
        var days = try Evaluator.evaluate(stack, over: span.days, settings: settings)
        if format == .json { days = try Provenance.attach(days, stack: stack, settings: settings) }
        return EvalReport(settings: settings, policies: parsed.positionals.map(PolicyIdentity.tidy), span: span,
                          grids: grids, days: days)
    }

    static func grid(for month: CalendarMonth, settings: DisplaySettings) throws(CLIError) -> MonthGrid {
        do {
            return try MonthGrid(month: month, calendar: settings.system, firstWeekday: settings.firstWeekday,
                                 weekRule: settings.weekRule, today: settings.today)
        } catch {
            throw .usage(.invalidValue("\(month.year)-\(month.month)", option: CommandCatalog.month.display,
                                       reason: error.description))
        }
    }
}
