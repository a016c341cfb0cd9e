import Testing
@testable import CalendarCore

/// `date(of:)` and `span(of:)` must describe the same calendar: every day lies in the
/// span of its own month, months tile the timeline without gaps, and stepping works.
@Suite struct CalendarRoundTripTests {
    static let all = CalendarIdentifier.allCases

    /// Every day of 1900–2100: consecutive days either continue a month or start the
    /// next one exactly where the previous month's span ended.
    @Test(arguments: all) func everyDayRoundTripsThroughItsMonthSpan(_ id: CalendarIdentifier) throws {
        let system = CalendarSystems.system(for: id)
        var day = try Day.iso("1900-01-01")
        let end = try Day.iso("2100-12-31")
        var previous = system.date(of: day.adding(days: -1))
        var currentSpan = try system.span(of: previous.month)
        while day <= end {
            let date = system.date(of: day)
            if date.month == previous.month {
                #expect(date.day == previous.day + 1, "\(id.rawValue) \(day)")
            } else {
                #expect(currentSpan.last == day.adding(days: -1), "\(id.rawValue) \(day)")
                currentSpan = try system.span(of: date.month)
                #expect(currentSpan.first == day, "\(id.rawValue) \(day)")
                #expect(try system.month(after: previous.month) == date.month, "\(id.rawValue) \(day)")
                #expect(id == .japanese || date.day == 1, "\(id.rawValue) \(day)")
            }
            previous = date
            day = day.adding(days: 1)
        }
    }

    /// Over the whole supported range (Foundation-backed calendars: 1600–2400, since
    /// Foundation needs up to 2 ms to lay out one Chinese year), each month's span starts
    /// where the previous one ended, its last day maps back to it with the right day
    /// number, and the next day starts the next month.
    @Test(arguments: all) func monthsTileTheSupportedRange(_ id: CalendarIdentifier) throws {
        let system = CalendarSystems.system(for: id)
        let range = [.chinese, .islamic, .islamicUmmAlQura].contains(id)
            ? try Day.iso("1600-01-01")...Day.iso("2400-12-31")
            : Day.supportedRange
        var month = system.date(of: range.lowerBound).month
        var expectedFirst = try system.span(of: month).first
        var count = 0
        while count < 200_000 {
            let span = try system.span(of: month)
            let lastDate = system.date(of: span.last)
            let firstDay = id == .japanese ? span.first.day : 1
            // Plain checks, recorded only on failure: #expect costs too much 500 000 times over.
            if span.first != expectedFirst || lastDate != CalendarDate(month: month, day: firstDay + span.count - 1)
                || !(1...31).contains(span.count) {
                Issue.record("\(id.rawValue) \(month): span \(span.first)...\(span.last), last day \(lastDate)")
            }
            if span.last >= range.upperBound { break }
            let next = system.date(of: span.last.adding(days: 1))
            if next.day != (id == .japanese ? span.last.adding(days: 1).day : 1) {
                Issue.record("\(id.rawValue) \(month): next month starts on day \(next.day)")
            }
            month = next.month
            expectedFirst = span.last.adding(days: 1)
            count += 1
        }
        let years = range.lowerBound.distance(to: range.upperBound) / 366
        #expect(count >= years * 12)
    }

    /// Days across 0001...9999 in every calendar map to a month whose span holds them.
    @Test(arguments: all) func sampledDaysAcrossTheSupportedRangeLieInTheirMonth(_ id: CalendarIdentifier) throws {
        let system = CalendarSystems.system(for: id)
        for day in stride(from: Day.supportedRange.lowerBound, through: Day.supportedRange.upperBound, by: 10_007) {
            #expect(try system.span(of: system.date(of: day).month).contains(day), "\(id.rawValue) \(day)")
        }
        let last = Day.supportedRange.upperBound
        #expect(try system.span(of: system.date(of: last).month).contains(last))
    }

    @Test(arguments: all) func yearsListTheirMonthsInOrder(_ id: CalendarIdentifier) throws {
        let system = CalendarSystems.system(for: id)
        let month = system.date(of: try Day.iso("2024-06-15")).month
        let months = try system.months(inYear: month.year, era: month.era)
        #expect(months.contains(month))
        for (a, b) in zip(months, months.dropFirst()) {
            #expect(try system.span(of: a).last.adding(days: 1) == system.span(of: b).first)
        }
    }

    @Test(arguments: all) func yearsOutsideTheSupportedRangeThrow(_ id: CalendarIdentifier) {
        let system = CalendarSystems.system(for: id)
        let era = system.date(of: Day.supportedRange.upperBound).month.era
        #expect(throws: CalendarError.self) { try system.span(of: CalendarMonth(era: era, year: 100_000, month: 1)) }
        #expect(throws: CalendarError.self) { try system.months(inYear: 100_000, era: era) }
    }

    @Test(arguments: all) func registryReturnsTheSystemForEachIdentifier(_ id: CalendarIdentifier) {
        #expect(CalendarSystems.system(for: id).identifier == id)
    }
}
