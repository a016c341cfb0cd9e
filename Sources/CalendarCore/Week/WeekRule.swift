/// How weeks of a year are numbered.
///
/// ISO 8601 weeks start on Monday and week 1 is the week holding the year's first
/// Thursday (at least 4 days in the new year). Locales number weeks from their own
/// first weekday with their own minimum number of days in week 1 (the US: Sunday, 1).
/// Week numbers are always counted in the Gregorian year, as Foundation does.
public enum WeekRule: Hashable, Sendable, Codable {
    case iso8601
    case locale(firstWeekday: Int, minimumDaysInFirstWeek: Int)

    /// The weekday a week of this rule starts on (1 = Sunday).
    public var firstWeekday: Int {
        switch self {
        case .iso8601: return 2
        case .locale(let first, _): return Weekdays.normalized(first)
        }
    }

    /// Days of the new year week 1 must hold, clamped to 1...7.
    public var minimumDaysInFirstWeek: Int {
        switch self {
        case .iso8601: return 4
        case .locale(_, let minimum): return Swift.min(Swift.max(minimum, 1), 7)
        }
    }

    /// The week number of `day` and the (Gregorian) year that week belongs to;
    /// late-December days can belong to week 1 of the next year, early-January
    /// days to the last week of the previous one.
    public func week(of day: Day) -> (yearForWeek: Int, week: Int) {
        let first = firstWeekday
        let start = Weekdays.startOfWeek(containing: day, firstWeekday: first).dayNumber
        let year = day.components.year
        let nextStart = weekOneStart(year: year + 1)
        if start >= nextStart { return (year + 1, 1) }
        let thisStart = weekOneStart(year: year)
        if start >= thisStart { return (year, (start - thisStart) / 7 + 1) }
        return (year - 1, (start - weekOneStart(year: year - 1)) / 7 + 1)
    }

    /// The week number of `day` (see `week(of:)`).
    public func weekNumber(of day: Day) -> Int { week(of: day).week }

    /// The week number of a displayed row: the week that holds most of the row's
    /// days, found through the row's middle day. For ISO weeks that middle day lies in
    /// the same week as the row's Thursday, whatever weekday the row starts on.
    public func weekNumber(of rowDays: DaySpan) -> Int {
        weekNumber(of: rowDays.first.adding(days: (rowDays.count - 1) / 2))
    }

    /// How many weeks `year` has under this rule (52 or 53).
    public func weeksInYear(_ year: Int) -> Int {
        (weekOneStart(year: year + 1) - weekOneStart(year: year)) / 7
    }

    /// Day number of the first day of week 1 of `year`.
    @usableFromInline
    func weekOneStart(year: Int) -> Int {
        let jan1 = GregorianMath.dayNumber(year: year, month: 1, day: 1)
        let offset = Weekdays.offset(of: Day(dayNumber: jan1), firstWeekday: firstWeekday)
        let start = jan1 - offset
        return 7 - offset >= minimumDaysInFirstWeek ? start : start + 7
    }
}
