/// A calendar system as a view of `Day`s.
///
/// Everything calpolicy shows — grids, periods, stepping — is computed from three
/// questions a calendar answers: which date is this day, which days make up this
/// month, and which months make up this year. Grids then use integer day numbers.
public protocol CalendarSystem: Sendable {
    var identifier: CalendarIdentifier { get }

    /// The date of `day` in this calendar.
    func date(of day: Day) -> CalendarDate

    /// The first day and the number of days of `month`.
    func span(of month: CalendarMonth) throws(CalendarError) -> DaySpan

    /// The months of a year in order, leap month included and flagged.
    func months(inYear year: Int, era: Int?) throws(CalendarError) -> [CalendarMonth]
}

extension CalendarSystem {
    /// The month after `month` (crossing into the next year, or era, as needed).
    public func month(after month: CalendarMonth) throws(CalendarError) -> CalendarMonth {
        let last = try span(of: month).last
        return date(of: last.adding(days: 1)).month
    }

    /// The month before `month`.
    public func month(before month: CalendarMonth) throws(CalendarError) -> CalendarMonth {
        let first = try span(of: month).first
        return date(of: first.adding(days: -1)).month
    }

    /// All days of a year, from its first month's first day to its last month's last day.
    public func span(ofYear year: Int, era: Int?) throws(CalendarError) -> DaySpan {
        let months = try months(inYear: year, era: era)
        guard let firstMonth = months.first, let lastMonth = months.last else {
            throw .yearOutOfRange(identifier, year)
        }
        return DaySpan(try span(of: firstMonth).first, try span(of: lastMonth).last)
    }
}
