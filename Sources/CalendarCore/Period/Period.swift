/// The kinds of period a day can be looked at in.
public enum PeriodKind: String, Hashable, Sendable, CaseIterable, Codable {
    case week, month, year
}

/// The week, month or year containing a day, in a calendar system, with stepping.
///
/// Weeks start on `firstWeekday`; months and years are the calendar system's own,
/// so a Hebrew leap year's period holds thirteen months.
public struct Period: Sendable, Equatable, CustomStringConvertible {
    public let kind: PeriodKind
    public let span: DaySpan
    public let calendar: any CalendarSystem
    public let firstWeekday: Int

    /// - Throws: the calendar's error when the day's month or year is unsupported.
    public init(_ kind: PeriodKind, containing day: Day, calendar: any CalendarSystem = GregorianCalendarSystem(),
                firstWeekday: Int = 1) throws(CalendarError) {
        let first = Weekdays.normalized(firstWeekday)
        switch kind {
        case .week:
            span = Weekdays.week(containing: day, firstWeekday: first)
        case .month:
            span = try calendar.span(of: calendar.date(of: day).month)
        case .year:
            let month = calendar.date(of: day).month
            span = try calendar.span(ofYear: month.year, era: month.era)
        }
        self.kind = kind
        self.calendar = calendar
        self.firstWeekday = first
    }

    public var first: Day { span.first }
    public var last: Day { span.last }

    public func contains(_ day: Day) -> Bool { span.contains(day) }

    public func next() throws(CalendarError) -> Period {
        try Period(kind, containing: last.adding(days: 1), calendar: calendar, firstWeekday: firstWeekday)
    }

    public func previous() throws(CalendarError) -> Period {
        try Period(kind, containing: first.adding(days: -1), calendar: calendar, firstWeekday: firstWeekday)
    }

    public var description: String { "\(kind.rawValue) \(first.iso)...\(last.iso)" }

    public static func == (lhs: Period, rhs: Period) -> Bool {
        lhs.kind == rhs.kind && lhs.span == rhs.span && lhs.firstWeekday == rhs.firstWeekday
            && lhs.calendar.identifier == rhs.calendar.identifier
    }
}
