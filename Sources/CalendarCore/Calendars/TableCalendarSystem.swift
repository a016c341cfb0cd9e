/// A calendar system computed from a year table: every calendar except the
/// Gregorian ones and Japanese (whose months are Gregorian months cut at era changes).
///
/// Instances share their cache when copied; get them from `CalendarSystems` so that
/// every caller shares one cache per calendar.
public struct TableCalendarSystem: CalendarSystem {
    let table: YearTable

    init(rules: any YearRules) {
        table = YearTable(rules: rules)
    }

    public var identifier: CalendarIdentifier { table.identifier }

    /// The extended years this implementation supports: those overlapping 0001...9999 CE.
    public var supportedYears: ClosedRange<Int> { table.years }

    public func date(of day: Day) -> CalendarDate {
        table.date(of: day)
    }

    public func span(of month: CalendarMonth) throws(CalendarError) -> DaySpan {
        try table.span(of: month)
    }

    public func months(inYear year: Int, era: Int?) throws(CalendarError) -> [CalendarMonth] {
        try table.months(inYear: year, era: era)
    }
}
