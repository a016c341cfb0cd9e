/// The dates of consecutive days in one calendar system, for a long run of days (`eval`'s
/// reports): in the Gregorian calendar a day before the 28th is followed by the next day of
/// the same month, so most dates are the one before plus a day; the others, and every date of
/// another system, come from `CalendarSystem.date(of:)` (the civil conversion, ~230
/// instructions a day, was done for every day of a 300-year report).
public struct ConsecutiveDates {
    public let system: any CalendarSystem
    private let gregorian: Bool
    private var last: (dayNumber: Int, date: CalendarDate)?

    public init(_ system: any CalendarSystem) {
        self.system = system
        gregorian = system is GregorianCalendarSystem
    }

    /// `system.date(of: day)`, whatever day was asked before.
    public mutating func date(of day: Day) -> CalendarDate {
        let date: CalendarDate
        if gregorian, let last, last.dayNumber &+ 1 == day.dayNumber, last.date.day < 28 {
            date = CalendarDate(month: last.date.month, day: last.date.day + 1)
        } else {
            date = system.date(of: day)
        }
        last = (day.dayNumber, date)
        return date
    }
}
