/// The dates of consecutive days in one calendar system, for a long run of days (`eval`'s
/// reports): in the Gregorian calendar a day before the last of its month is followed by the
/// next day of the same month, so most dates are the one before plus a day; the others, and every date of
/// another system, come from `CalendarSystem.date(of:)` (the civil conversion, ~230
/// instructions a day, was done for every day of a 300-year report).
public struct ConsecutiveDates {
    public let system: any CalendarSystem
    @usableFromInline let gregorian: Bool
    /// The last day asked and its date (no day has number `Int.min`: nothing asked yet). Two
    /// plain fields, not an optional pair: copying the pair in and out cost most of a call.
    @usableFromInline var lastDayNumber = Int.min
    @usableFromInline var lastDate = CalendarDate(month: CalendarMonth(era: nil, year: 0, month: 0), day: 0)

    public init(_ system: any CalendarSystem) {
        self.system = system
        gregorian = system is GregorianCalendarSystem
    }

    /// `system.date(of: day)`, whatever day was asked before. Inlinable: a renderer asks it
    /// for every day, and the call from another module cost ~40 instructions a day.
    @inlinable
    public mutating func date(of day: Day) -> CalendarDate {
        if gregorian, lastDayNumber &+ 1 == day.dayNumber,
           lastDate.day < 28 || lastDate.day < GregorianMath.daysInMonth(year: lastDate.month.year,
                                                                         month: lastDate.month.month) {
            lastDate.day += 1
        } else {
            lastDate = system.date(of: day)
        }
        lastDayNumber = day.dayNumber
        return lastDate
    }
}
