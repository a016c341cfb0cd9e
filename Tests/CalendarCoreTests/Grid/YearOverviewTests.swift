import Testing
@testable import CalendarCore

@Suite struct YearOverviewTests {
    @Test func gregorianYearHasTwelveMonthsCoveringTheYear() throws {
        let year = try YearOverview(year: 2024)
        #expect(year.months.map(\.month) == Array(1...12))
        #expect(year.span == DaySpan(try day("2024-01-01"), try day("2024-12-31")))
        #expect(year.entries.map(\.span.count).reduce(0, +) == 366)
        for (a, b) in zip(year.entries, year.entries.dropFirst()) {
            #expect(a.span.last.adding(days: 1) == b.span.first)
        }
    }

    @Test func choosingAMonthYieldsItsFirstAndLastDay() throws {
        let year = try YearOverview(year: 2100)
        #expect(year.span(of: CalendarMonth(era: 1, year: 2100, month: 2)) == DaySpan(try day("2100-02-01"), try day("2100-02-28")))
        #expect(year.span(of: CalendarMonth(era: 1, year: 2101, month: 2)) == nil)
        #expect(year.month(containing: try day("2100-07-04"))?.month == 7)
        #expect(year.month(containing: try day("2101-01-01")) == nil)
    }

    @Test func steppingCrossesYears() throws {
        let year = try YearOverview(containing: try day("2026-06-15"))
        #expect(year.year == 2026)
        #expect(try year.next().year == 2027)
        #expect(try year.previous().year == 2025)
        #expect(throws: CalendarError.self) { try YearOverview(year: 9999).next() }
    }

    @Test func otherCalendarsListTheirOwnMonths() throws {
        let year = try YearOverview(year: 3, calendar: ShortMonthCalendar())
        #expect(year.entries.map(\.span.count) == [10, 10, 10, 3])
    }
}
