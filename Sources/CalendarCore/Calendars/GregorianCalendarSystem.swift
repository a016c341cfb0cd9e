/// The proleptic Gregorian calendar, computed with integers only.
/// `iso8601` is the same civil calendar; it differs only in defaults elsewhere
/// (Monday first, ISO week numbers).
public struct GregorianCalendarSystem: CalendarSystem {
    public let identifier: CalendarIdentifier

    public init(identifier: CalendarIdentifier = .gregorian) {
        self.identifier = identifier
    }

    public func date(of day: Day) -> CalendarDate {
        let (y, m, d) = day.components
        return CalendarDate(month: CalendarMonth(era: y > 0 ? 1 : 0, year: y, month: m), day: d)
    }

    public func span(of month: CalendarMonth) throws(CalendarError) -> DaySpan {
        guard (1...9999).contains(month.year) else { throw .yearOutOfRange(identifier, month.year) }
        guard (1...12).contains(month.month), !month.isLeapMonth else {
            throw .noSuchMonth(identifier, month)
        }
        let first = Day(dayNumber: GregorianMath.dayNumber(year: month.year, month: month.month, day: 1))
        let length = GregorianMath.daysInMonth(year: month.year, month: month.month)
        return DaySpan(first, first.adding(days: length - 1))
    }

    public func months(inYear year: Int, era: Int?) throws(CalendarError) -> [CalendarMonth] {
        guard (1...9999).contains(year) else { throw .yearOutOfRange(identifier, year) }
        return (1...12).map { CalendarMonth(era: 1, year: year, month: $0) }
    }
}
