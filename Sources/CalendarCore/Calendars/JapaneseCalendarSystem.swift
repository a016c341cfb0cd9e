/// The Japanese calendar: Gregorian months and days, years counted within eras.
///
/// As in Foundation, the era changes on the day the new era begins, so the month in
/// which an era starts is split: Shōwa 64 January is 1989-01-01...01-07 and Heisei 1
/// January is 1989-01-08...01-31, each keeping Gregorian day numbers. Days before Taika
/// (645) are era 0 with years ≤ 0. An era-less month means the latest era (Reiwa).
public struct JapaneseCalendarSystem: CalendarSystem {
    public init() {}

    public var identifier: CalendarIdentifier { .japanese }

    /// The era number Foundation uses for a lowercase ASCII era name (meiji … reiwa).
    public static func era(named name: String) -> Int? {
        JapaneseEras.names.first { $0.value == name.lowercased() }?.key
    }

    public static func name(ofEra era: Int) -> String? { JapaneseEras.names[era] }

    public func date(of day: Day) -> CalendarDate {
        let (y, m, d) = day.components
        let table = JapaneseEras.table(for: day.dayNumber)
        let era = table.last { $0.start <= day.dayNumber } ?? table[0]
        return CalendarDate(month: CalendarMonth(era: era.number, year: y - era.firstYear + 1, month: m), day: d)
    }

    func resolve(era number: Int?) -> JapaneseEras.Era? {
        guard let number else { return JapaneseEras.latest }
        return JapaneseEras.era(numbered: number)
    }

    /// The Gregorian year of `year` in `era`, or nil outside 0001...9999 (checked before any
    /// arithmetic can overflow: years come from policies and the command line).
    static func gregorianYear(_ year: Int, in era: JapaneseEras.Era) -> Int? {
        let (sum, overflow) = era.firstYear.addingReportingOverflow(year)
        guard !overflow, (2...10_000).contains(sum) else { return nil }
        return sum - 1
    }

    public func span(of month: CalendarMonth) throws(CalendarError) -> DaySpan {
        guard let era = resolve(era: month.era), let gregorianYear = Self.gregorianYear(month.year, in: era) else {
            throw .yearOutOfRange(identifier, month.year)
        }
        guard (1...12).contains(month.month), !month.isLeapMonth else { throw .noSuchMonth(identifier, month) }
        var first = GregorianMath.dayNumber(year: gregorianYear, month: month.month, day: 1)
        var last = first + GregorianMath.daysInMonth(year: gregorianYear, month: month.month) - 1
        if era.number != 0 { first = Swift.max(first, era.start) }
        if let end = JapaneseEras.end(of: era) { last = Swift.min(last, end) }
        guard first <= last else { throw .noSuchMonth(identifier, month) }
        return DaySpan(Day(dayNumber: first), Day(dayNumber: last))
    }

    public func months(inYear year: Int, era: Int?) throws(CalendarError) -> [CalendarMonth] {
        guard let resolved = resolve(era: era), Self.gregorianYear(year, in: resolved) != nil else {
            throw .yearOutOfRange(identifier, year)
        }
        let found = (1...12).map { CalendarMonth(era: resolved.number, year: year, month: $0) }
            .filter { (try? span(of: $0)) != nil }
        guard !found.isEmpty else { throw .yearOutOfRange(identifier, year) }
        return found
    }
}
