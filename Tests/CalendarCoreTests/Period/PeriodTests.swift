import Testing
@testable import CalendarCore

@Suite struct PeriodTests {
    @Test func periodsContainingADay() throws {
        let d = try day("2024-02-29")
        let week = try Period(.week, containing: d, firstWeekday: 2)
        #expect(week.first == (try day("2024-02-26")))
        #expect(week.last == (try day("2024-03-03")))
        let month = try Period(.month, containing: d)
        #expect(month.span == DaySpan(try day("2024-02-01"), d))
        let year = try Period(.year, containing: d)
        #expect(year.span.count == 366)
        #expect(year.contains(try day("2024-12-31")))
    }

    @Test func nextAndPreviousAreAdjacent() throws {
        for kind in PeriodKind.allCases {
            let period = try Period(kind, containing: try day("2026-12-31"), firstWeekday: 1)
            let next = try period.next()
            #expect(next.first == period.last.adding(days: 1))
            #expect(try next.previous() == period)
            let previous = try period.previous()
            #expect(previous.last == period.first.adding(days: -1))
        }
    }

    @Test func monthsStepThroughFebruaryOfCenturyYears() throws {
        var month = try Period(.month, containing: try day("1900-01-15"))
        month = try month.next()
        #expect(month.span.count == 28)
        month = try Period(.month, containing: try day("2000-01-15")).next()
        #expect(month.span.count == 29)
    }

    @Test func periodsUseTheGivenCalendar() throws {
        let calendar = ShortMonthCalendar()
        let month = try Period(.month, containing: Day(dayNumber: 33 * 2 + 31), calendar: calendar)
        #expect(month.span.count == 3)
        #expect(try month.next().span.count == 10)
        let year = try Period(.year, containing: Day(dayNumber: 33 * 2 + 5), calendar: calendar)
        #expect(year.span.count == 33)
    }

    @Test func steppingPastTheSupportedRangeThrows() throws {
        let last = try Period(.month, containing: try day("9999-12-31"))
        #expect(throws: CalendarError.self) { try last.next() }
    }
}
