/// The months of one year of a calendar system, each with its days — the seed's
/// year/month selector: choosing a month yields its first…last day.
public struct YearOverview: Sendable {
    public struct Entry: Hashable, Sendable {
        public var month: CalendarMonth
        public var span: DaySpan
    }

    public let calendar: any CalendarSystem
    public let year: Int
    public let era: Int?
    /// In calendar order, leap months included and flagged.
    public let entries: [Entry]

    /// - Throws: the calendar's error when the year is outside what it supports.
    public init(year: Int, era: Int? = nil, calendar: any CalendarSystem = GregorianCalendarSystem()) throws(CalendarError) {
        let months = try calendar.months(inYear: year, era: era)
        var entries: [Entry] = []
        entries.reserveCapacity(months.count)
        for month in months {
            entries.append(Entry(month: month, span: try calendar.span(of: month)))
        }
        guard !entries.isEmpty else { throw .yearOutOfRange(calendar.identifier, year) }
        self.calendar = calendar
        self.year = year
        self.era = era
        self.entries = entries
    }

    /// The year overview holding `day`.
    public init(containing day: Day, calendar: any CalendarSystem = GregorianCalendarSystem()) throws(CalendarError) {
        let month = calendar.date(of: day).month
        try self.init(year: month.year, era: month.era, calendar: calendar)
    }

    public var months: [CalendarMonth] { entries.map(\.month) }

    /// The whole year, first month's first day to last month's last day.
    public var span: DaySpan { DaySpan(entries[0].span.first, entries[entries.count - 1].span.last) }

    /// The first…last day of `month`, or nil when it is not a month of this year.
    public func span(of month: CalendarMonth) -> DaySpan? {
        entries.first { $0.month == month }?.span
    }

    /// The month holding `day`, or nil when the day is outside this year.
    public func month(containing day: Day) -> CalendarMonth? {
        entries.first { $0.span.contains(day) }?.month
    }

    public func next() throws(CalendarError) -> YearOverview {
        try YearOverview(containing: span.last.adding(days: 1), calendar: calendar)
    }

    public func previous() throws(CalendarError) -> YearOverview {
        try YearOverview(containing: span.first.adding(days: -1), calendar: calendar)
    }
}
