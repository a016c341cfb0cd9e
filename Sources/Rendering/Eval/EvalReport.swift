import CalendarCore

/// One `eval` result, ready for any renderer: the grids to draw and every day's answers.
public struct EvalReport {
    public let settings: DisplaySettings
    /// The policy files in stack order, as documents name them (tidied paths); built-ins follow them in the stack.
    public let policies: [String]
    public let span: ResolvedSpan
    public let grids: [(month: CalendarMonth, grid: MonthGrid)]
    public let days: [DayEvaluation]
    /// Each day's closed time as instants, when a policy of the stack defines `hoursFor`
    /// (else nil, and the documents stay as they were before hours existed).
    public let hours: EvalHours?
    /// For a feed: each hours-defining policy's own closed time over the span, whatever the other
    /// layers decide (`policyIndex` is its place in the stack), so a timed window is one event
    /// however many days other policies deny whole inside it. Nil outside `--format ics`.
    public let feedWindows: [ClosedSpan]?

    public init(settings: DisplaySettings, policies: [String], span: ResolvedSpan,
                grids: [(month: CalendarMonth, grid: MonthGrid)], days: [DayEvaluation], hours: EvalHours? = nil,
                feedWindows: [ClosedSpan]? = nil) {
        (self.settings, self.policies, self.span, self.grids, self.days) = (settings, policies, span, grids, days)
        self.hours = hours
        self.feedWindows = feedWindows
    }

    /// The policy a decision names, as documents identify it: the path of a policy file
    /// (`policies` holds them tidied, in stack order), else a built-in's name.
    public func identity(_ policyIndex: Int?, name: String?) -> String? {
        guard let policyIndex else { return name }
        return policies.indices.contains(policyIndex) ? policies[policyIndex] : name
    }

    /// Closed for part of the day only (`EvalHours`); false without hours.
    public func isPartlyClosed(_ day: Day) -> Bool {
        hours?.isPartlyClosed(span.days.first.distance(to: day), day: day) ?? false
    }

    /// Closed by hours from the day's first instant to its last (`EvalHours`); false without hours.
    public func isClosedAllDay(_ day: Day) -> Bool {
        hours?.isClosedAllDay(span.days.first.distance(to: day), day: day) ?? false
    }

    /// The overrides covering the question that meet the span (its days in the hours' zone,
    /// else UTC): listed by the text, JSON, HTML and iCalendar documents.
    public var overrides: [Override] {
        guard !settings.overrides.isEmpty else { return [] }
        let zone = hours?.zone ?? .utc
        return settings.overrides(from: zone.instant(of: span.days.first, minute: 0), to: zone.instant(of: span.days.last, minute: 1440))
    }

    public func evaluation(of day: Day) -> DayEvaluation? {
        let index = span.days.first.distance(to: day)
        guard days.indices.contains(index) else { return nil }
        return days[index]
    }
}

/// The months to draw and the days to evaluate, as the span options resolved them, and
/// which period that is.
public struct ResolvedSpan {
    public let months: [CalendarMonth]
    public let days: DaySpan
    public let kind: SpanKind

    public init(months: [CalendarMonth], days: DaySpan, kind: SpanKind = .custom) {
        (self.months, self.days, self.kind) = (months, days, kind)
    }

    /// The week strip a `--week` span shows instead of month grids.
    public var weekStrip: WeekStrip? {
        if case .week(let strip) = kind { return strip }
        return nil
    }
}
