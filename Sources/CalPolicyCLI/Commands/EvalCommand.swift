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
        // An export draws no months, so it builds no grids.
        let grids = format == .ics ? [] : try span.months.map { month throws(CLIError) in
            (month: month, grid: try grid(for: month, settings: settings))
        }
        let verbose = parsed.has("verbose")
        let files = try PolicyLoader.load(parsed.positionals, today: settings.today, verbose: verbose)
        let stack = PolicyStack(files + evaluation.builtIns)
        var days = try Evaluator.evaluate(stack, over: span.days, settings: settings)
        if format == .json { days = try Provenance.attach(days, stack: stack, settings: settings) }
        let report = EvalReport(settings: settings, policies: parsed.positionals.map(PolicyIdentity.tidy), span: span, grids: grids,
                                days: days)
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
