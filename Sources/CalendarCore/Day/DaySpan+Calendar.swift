/// Spans named the way a user asks for them: from…to, a month, a year.
extension DaySpan {
    /// `from...to`, in either order.
    public static func from(_ from: Day, to: Day) -> DaySpan { DaySpan(from, to) }

    /// A Gregorian month (integer arithmetic, validated).
    public static func month(year: Int, month: Int) throws(CalendarError) -> DaySpan {
        try GregorianCalendarSystem().span(of: CalendarMonth(era: 1, year: year, month: month))
    }

    /// A month of any calendar system.
    public static func month(_ month: CalendarMonth, in calendar: any CalendarSystem) throws(CalendarError) -> DaySpan {
        try calendar.span(of: month)
    }

    /// A whole year of any calendar system (Gregorian when not given).
    public static func year(_ year: Int, era: Int? = nil,
                            in calendar: any CalendarSystem = GregorianCalendarSystem()) throws(CalendarError) -> DaySpan {
        try calendar.span(ofYear: year, era: era)
    }

    /// The days both spans hold, or nil when they do not meet.
    public func intersection(_ other: DaySpan) -> DaySpan? {
        let lo = Swift.max(first, other.first)
        let hi = Swift.min(last, other.last)
        return lo <= hi ? DaySpan(lo, hi) : nil
    }

    /// The days in order.
    public var days: [Day] { Array(self) }
}
