import Foundation

/// A thread-safe cache of year layouts for one calendar, and the lookups built on it.
///
/// Foundation-backed calendars cost several microseconds per `Calendar` call; caching
/// whole years makes `span(of:)` and `date(of:)` a dictionary lookup, so a month grid
/// in any calendar costs about what a Gregorian one does.
final class YearTable: @unchecked Sendable {
    let rules: any YearRules
    private let lock = NSLock()
    private var cache: [Int: YearLayout] = [:]
    /// Extended years that overlap 0001-01-01 ... 9999-12-31.
    private(set) var years: ClosedRange<Int> = 0...0

    init(rules: any YearRules) {
        self.rules = rules
        let low = locate(Day.supportedRange.lowerBound.dayNumber)?.year
        let high = locate(Day.supportedRange.upperBound.dayNumber)?.year
        if let low, let high, low <= high { years = low...high }
    }

    var identifier: CalendarIdentifier { rules.identifier }

    func layout(ofYear year: Int) -> YearLayout? {
        lock.lock()
        let cached = cache[year]
        lock.unlock()
        if let cached { return cached }
        guard let made = rules.layout(ofYear: year) else { return nil }
        lock.lock()
        cache[year] = made
        lock.unlock()
        return made
    }

    /// The layout of the year containing a day; walks from the rules' estimate.
    func locate(_ dayNumber: Int) -> YearLayout? {
        var year = rules.estimatedYear(containing: dayNumber)
        for _ in 0..<64 {
            guard let layout = layout(ofYear: year) else { return nil }
            if dayNumber < layout.first {
                year -= 1
            } else if dayNumber > layout.last {
                year += 1
            } else {
                return layout
            }
        }
        return nil
    }

    func calendarMonth(year: Int, slot: MonthSlot) -> CalendarMonth {
        let shown = rules.displayed(year: year)
        return CalendarMonth(era: shown.era, year: shown.year, month: slot.month, isLeapMonth: slot.isLeapMonth)
    }

    func date(of day: Day) -> CalendarDate {
        guard let layout = locate(day.dayNumber), let slot = layout.slot(containing: day.dayNumber) else {
            return rules.fallbackDate(of: day.dayNumber)
        }
        return CalendarDate(month: calendarMonth(year: layout.year, slot: slot), day: day.dayNumber - slot.first + 1)
    }

    func layout(era: Int?, year: Int) throws(CalendarError) -> YearLayout {
        guard let extended = rules.extendedYear(era: era, year: year), years.contains(extended),
              let layout = layout(ofYear: extended)
        else { throw .yearOutOfRange(identifier, year) }
        return layout
    }

    func span(of month: CalendarMonth) throws(CalendarError) -> DaySpan {
        let layout = try layout(era: month.era, year: month.year)
        let wanted = rules.normalized(month)
        guard let slot = layout.slot(month: wanted.month, isLeapMonth: wanted.isLeapMonth) else {
            throw .noSuchMonth(identifier, month)
        }
        return DaySpan(Day(dayNumber: slot.first), Day(dayNumber: slot.last))
    }

    func months(inYear year: Int, era: Int?) throws(CalendarError) -> [CalendarMonth] {
        let layout = try layout(era: era, year: year)
        return layout.months.map { calendarMonth(year: layout.year, slot: $0) }
    }
}
