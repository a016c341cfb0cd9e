import CalendarCore
import PolicyEngine
import Rendering

/// `eval`: a stack of loaded policies and built-ins evaluated over a span, as the report every
/// document renders (text, JSON, CSV, HTML, iCalendar). The CLI's `eval` and the server's
/// `/v1/month`, `/v1/days`, `/v1/week`, `/v1/year` and `/v1/calendar.ics` all come through here.
public enum EvalUseCase {
    /// What one evaluation asks, every usage problem found before any policy runs: the span, the
    /// month grids its format draws and the stack's zone.
    public struct Question {
        public var format: EvalFormat
        public var span: ResolvedSpan
        public var grids: [(month: CalendarMonth, grid: MonthGrid)]
        /// `--time-zone` (API `timeZone`), else the face's default (none on the command line,
        /// the server's --time-zone).
        public var zone: ZoneWallTime?
    }

    /// The question `values` ask in `format`; `daysCap`: the most days the span may hold (the
    /// server's `/v1/days`), named in the refusal.
    public static func question(_ values: RequestValues, settings: DisplaySettings, format: EvalFormat,
                                fallbackZone: ZoneWallTime? = nil, daysCap: Int? = nil) throws(RequestError) -> Question {
        let span = try span(values, settings: settings, format: format)
        if let daysCap, span.days.count > daysCap {
            throw RequestError(OptionCatalogue.to, value: span.days.last.iso,
                               reason: "a span of /v1/days must be at most \(daysCap) days; "
                                   + "\(span.days.first.iso)...\(span.days.last.iso) holds \(span.days.count)")
        }
        let grids = try grids(span, format: format, settings: settings)
        let zone: ZoneWallTime?
        if let fallbackZone { zone = try StackZone.resolve(values, fallback: fallbackZone) } else { zone = try StackZone.named(values) }
        return Question(format: format, span: span, grids: grids, zone: zone)
    }

    /// A streamed document (CSV, JSON) of the question written to `sink` as it is evaluated.
    public static func write<Sink: DocumentSink>(_ question: Question, as streamed: StreamedEvalFormat, paths: [String],
                                                 evaluation: EvaluationOptions, policies: [any DayPolicy],
                                                 to sink: Sink) throws(RequestFailure) {
        try write(streamed, paths: paths, evaluation: evaluation, span: question.span, grids: question.grids,
                  policies: policies, zone: question.zone, to: sink)
    }

    /// The question evaluated whole, as the report the text and HTML documents draw.
    public static func report(_ question: Question, paths: [String], evaluation: EvaluationOptions,
                              policies: [any DayPolicy]) throws(RequestFailure) -> EvalReport {
        try report(paths: paths, evaluation: evaluation, span: question.span, grids: question.grids,
                   format: question.format, policies: policies, zone: question.zone)
    }

    /// The span the values ask for in `format`: iCalendar exports this year and the next
    /// (capped), the HTML page a year at a glance, the others the month holding today.
    public static func span(_ values: RequestValues, settings: DisplaySettings,
                            format: EvalFormat) throws(RequestError) -> ResolvedSpan {
        format == .ics ? try SpanResolver.resolveForExport(values, settings: settings)
            : try SpanResolver.resolve(values, settings: settings, yearByDefault: format == .html)
    }

    /// The month grids a format draws (CSV rows and an export draw none: for 300 years of CSV,
    /// building 3,600 unused grids was two thirds of the run's instructions).
    public static func grids(_ span: ResolvedSpan, format: EvalFormat,
                             settings: DisplaySettings) throws(RequestError) -> [(month: CalendarMonth, grid: MonthGrid)] {
        guard format != .ics && format != .csv else { return [] }
        return try span.months.map { month throws(RequestError) in
            (month: month, grid: try grid(for: month, settings: settings))
        }
    }

    /// What `eval` shows, evaluated: `policies` (loaded from `paths`, in order) stacked with the
    /// built-ins over the span, with the deciding lines for JSON.
    public static func report(paths: [String], evaluation: EvaluationOptions, span: ResolvedSpan,
                              grids: [(month: CalendarMonth, grid: MonthGrid)], format: EvalFormat,
                              policies: [any DayPolicy], zone: ZoneWallTime? = nil) throws(RequestFailure) -> EvalReport {
        let settings = evaluation.settings
        let stack = PolicyStack(policies + evaluation.builtIns)
        var days = try Evaluator.evaluate(stack, over: span.days, settings: settings)
        if format == .json { try Provenance.attach(&days, stack: stack, settings: settings) }
        let hours = try hours(stack, span: span, zone: zone, settings: settings)
        let windows = format == .ics && hours != nil ? try feedWindows(stack, span: span, zone: zone, settings: settings) : nil
        return EvalReport(settings: settings, policies: paths.map(PolicyIdentity.tidy), span: span,
                          grids: grids, days: days, hours: hours, feedWindows: windows)
    }

    /// Each hours-defining policy's own `hoursFor` time over the span (in its zone, the span's
    /// days in `zone`), on the days that policy does not deny whole (those are its all-day
    /// windows): adjacent pieces of one reason merged, in start order. Other layers never cut it.
    static func feedWindows(_ stack: PolicyStack, span: ResolvedSpan, zone named: ZoneWallTime?,
                            settings: DisplaySettings) throws(RequestFailure) -> [ClosedSpan] {
        let zone = named ?? .utc
        let from = zone.instant(of: span.days.first, minute: 0), to = zone.instant(of: span.days.last, minute: 1440)
        let context = settings.context
        var windows: [ClosedSpan] = []
        do {
            for (index, policy) in stack.policies.enumerated() where policy.definesHours {
                let own = HoursTimeline(layers: [HoursTimeline.Layer(wall: policy.zone ?? zone) { day in
                    guard try policy.canSelect(day, context: context).isAllowed else { return [] }
                    return try policy.closedHours(for: day, context: context)
                }])
                for piece in try own.closedPieces(from: from, to: to) {
                    windows.append(ClosedSpan(start: piece.start, end: piece.end, reason: piece.reason, policyIndex: index))
                }
            }
        } catch {
            throw RequestFailure(policyFailure: error)
        }
        return windows.sorted { ($0.start, $0.policyIndex) < ($1.start, $1.policyIndex) }
    }

    /// `eval` as CSV or JSON written to `sink` while it is evaluated: a run of days
    /// (`Evaluator.chunk`) is evaluated, given its deciding lines (JSON), rendered and let go,
    /// so memory is bounded by the run, not the span (400 years held every day's record:
    /// 64 MB). The first run is evaluated before anything is written, so a policy error there
    /// (and a span of one run) writes nothing, as before; one in a later run ends the document
    /// where it stands, the rows before it written, and is thrown as ever (exit 3, 500).
    /// A stack with hours is evaluated whole first (its closed time crosses days).
    public static func write<Sink: DocumentSink>(_ streamed: StreamedEvalFormat, paths: [String],
                                                 evaluation: EvaluationOptions, span: ResolvedSpan,
                                                 grids: [(month: CalendarMonth, grid: MonthGrid)],
                                                 policies: [any DayPolicy], zone: ZoneWallTime?,
                                                 to sink: Sink) throws(RequestFailure) {
        let format = streamed.evalFormat
        let settings = evaluation.settings
        let stack = PolicyStack(policies + evaluation.builtIns)
        if stack.policies.contains(where: \.definesHours) {
            let report = try report(paths: paths, evaluation: evaluation, span: span, grids: grids, format: format,
                                    policies: policies, zone: zone)
            if format == .json { EvalJSONRenderer.render(report, to: sink) } else { EvalCSVRenderer.render(report, to: sink) }
            return
        }
        let frame = EvalReport(settings: settings, policies: paths.map(PolicyIdentity.tidy), span: span, grids: grids,
                               days: [])
        let parts = Evaluator.parts(of: span.days)
        if format == .csv {
            // Rows straight from each run's outcomes: no `DayEvaluation` is made (`Provenance`
            // is JSON's alone).
            var stream = EvalCSVRenderer.Stream(frame, to: sink)
            var dates = ConsecutiveDates(settings.system)
            for (number, part) in parts.enumerated() {
                do {
                    try Evaluator.withOutcomes(stack, part: part, settings: settings) { days, outcomes in
                        stream.append(days, outcomes: outcomes, dates: &dates)
                    }
                } catch {
                    // A failing first run writes nothing (not even the header, which is still in
                    // the stream's buffer); a later one passes on what stands.
                    if number > 0 { stream.flush() }
                    throw error
                }
            }
            stream.finish()
            return
        }
        // JSON: lines from each run's outcomes, the records (days that hold something) given
        // their deciding lines first; the head is written once the first run has them.
        var run = EvalOutcomeRun()
        var stream: EvalJSONRenderer.Stream<Sink>?
        var dates = ConsecutiveDates(settings.system)
        for (number, part) in parts.enumerated() {
            do {
                try Evaluator.withOutcomes(stack, part: part, settings: settings) { days, outcomes in
                    run.take(days, outcomes: outcomes, dates: &dates)
                }
                try Provenance.attach(&run.records, stack: stack, settings: settings)
            } catch {
                if number > 0 { stream?.flush() }
                throw error
            }
            if stream == nil { stream = EvalJSONRenderer.Stream(frame, to: sink) }
            stream?.append(run)
        }
        var last = stream ?? EvalJSONRenderer.Stream(frame, to: sink)
        last.finish()
    }

    /// The evaluated span an iCalendar export needs besides the feed's windows when a policy of
    /// the stack defines hours (its closed time becomes timed events); nil, and nothing evaluated,
    /// when none does.
    public static func timed(paths: [String], evaluation: EvaluationOptions, span: ResolvedSpan,
                             policies: [any DayPolicy], zone: ZoneWallTime?) throws(RequestFailure) -> EvalReport? {
        guard policies.contains(where: \.definesHours) else { return nil }
        return try report(paths: paths, evaluation: evaluation, span: span, grids: [], format: .ics, policies: policies,
                          zone: zone)
    }

    /// Each day's closed time in `zone` (nil: UTC), when a policy of the stack defines hours
    /// (else nil). The zone is made only then: Foundation's first zone costs a cold start
    /// about 500,000 instructions.
    static func hours(_ stack: PolicyStack, span: ResolvedSpan, zone named: ZoneWallTime?,
                      settings: DisplaySettings) throws(RequestFailure) -> EvalHours? {
        guard stack.policies.contains(where: \.definesHours) else { return nil }
        let zone = named ?? .utc
        let timeline = HoursTimeline(stack: stack, zone: zone, context: settings.context)
        do {
            let days = try span.days.map { day in
                try timeline.closedPieces(from: zone.instant(of: day, minute: 0), to: zone.instant(of: day, minute: 1440))
            }
            return EvalHours(zone: zone, days: days)
        } catch {
            throw RequestFailure(policyFailure: error)
        }
    }

    /// The feed: every layer of the stack (`policies` from `paths`, then the built-ins) asked
    /// about every day of the span, for the windows `EvalICSRenderer` writes.
    public static func feed(evaluation: EvaluationOptions, span: ResolvedSpan,
                            policies: [any DayPolicy]) throws(RequestFailure) -> FeedReport {
        let settings = evaluation.settings
        let stack = PolicyStack(policies + evaluation.builtIns)
        let answers = try Evaluator.layers(stack, over: span.days, settings: settings)
        let layers = zip(stack.policies, answers).map { FeedReport.Layer(policy: $0.0.name, answers: $0.1) }
        return FeedReport(span: span.days, today: settings.today, layers: layers)
    }

    /// The names `policy=` and `exclude=` may use: the display names of the stack's layers.
    public static func layerNames(evaluation: EvaluationOptions, policies: [any DayPolicy]) -> [String] {
        (policies + evaluation.builtIns).map(\.name)
    }

    /// The name a person would give a feed of the stack (`X-WR-CALNAME` without `--feed-name`):
    /// each layer's declared `name`, else its file name without the extension, in stack order.
    /// Not the paths as typed: "weekends.lua, us-federal-holidays.lua" reads as files, not a calendar.
    public static func feedName(evaluation: EvaluationOptions, policies: [any DayPolicy]) -> String {
        var name = ""
        for layer in policies + evaluation.builtIns {
            let declared = (layer as? LuaPolicy)?.metadata.name ?? layer.name
            var stem = Substring(declared.split(separator: "/").last ?? Substring(declared))
            for suffix in [".lua", ".yaml", ".yml", ".json"] where stem.count > suffix.count && stem.hasSuffix(suffix) {
                stem = stem.dropLast(suffix.count)
            }
            if !name.isEmpty { name += ", " }
            name += stem
        }
        return name
    }

    static func grid(for month: CalendarMonth, settings: DisplaySettings) throws(RequestError) -> MonthGrid {
        do {
            return try MonthGrid(month: month, calendar: settings.system, firstWeekday: settings.firstWeekday,
                                 weekRule: settings.weekRule, today: settings.today)
        } catch {
            throw RequestError(OptionCatalogue.month, value: "\(month.year)-\(month.month)", reason: error.description)
        }
    }
}
