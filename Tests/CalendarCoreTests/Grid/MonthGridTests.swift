import Testing
@testable import CalendarCore

@Suite struct MonthGridTests {
    let gregorian = GregorianCalendarSystem()

    func grid(_ year: Int, _ month: Int, firstWeekday: Int = 1, layout: MonthGrid.Layout = .fitted,
              weekRule: WeekRule = .iso8601, today: Day? = nil) throws -> MonthGrid {
        try MonthGrid(month: CalendarMonth(year: year, month: month), calendar: gregorian,
                      firstWeekday: firstWeekday, weekRule: weekRule, layout: layout, today: today)
    }

    @Test(arguments: [(1900, 28), (2000, 29), (2100, 28), (2024, 29), (2023, 28), (1600, 29), (2400, 29), (1700, 28)])
    func leapFebruariesHaveTheRightLength(_ year: Int, _ length: Int) throws {
        let g = try grid(year, 2)
        #expect(g.span.count == length)
        #expect(g.cells.filter(\.isInMonth).map(\.dayOfMonth) == Array(1...length))
        #expect(g.cells.first { !$0.isInMonth && $0.day > g.span.last }?.dayOfMonth ?? 1 == 1)
    }

    @Test func february2015FromSundayFitsInFourRows() throws {
        let g = try grid(2015, 2, firstWeekday: 1)
        #expect(g.rows.count == 4)
        #expect(g.cells.allSatisfy { $0.isInMonth })
        #expect(try grid(2015, 2, firstWeekday: 1, layout: .sixRows).rows.count == 6)
        #expect(try grid(2015, 2, firstWeekday: 2).rows.count == 5)
    }

    @Test(arguments: 1...7)
    func everyFirstWeekdayLaysOutAugust2026(_ first: Int) throws {
        // 2026-08-01 is a Saturday (7); the month has 31 days.
        let g = try grid(2026, 8, firstWeekday: first)
        let lead = (7 - first + 7) % 7
        #expect(g.firstWeekday == first)
        #expect(g.rows.count == (lead + 31 + 6) / 7)
        for row in g.rows {
            #expect(row.cells.count == 7)
            #expect(row.cells[0].day.weekday == first)
            for (i, cell) in row.cells.enumerated() {
                #expect(cell.day.weekday == (first - 1 + i) % 7 + 1)
            }
        }
        let leading = g.cells.prefix { !$0.isInMonth }
        #expect(leading.count == lead)
        #expect(leading.map(\.dayOfMonth) == Array(Array(1...31).suffix(lead)))
        let inMonth = g.cells.filter(\.isInMonth)
        #expect(inMonth.first?.day == (try day("2026-08-01")))
        #expect(inMonth.last?.day == (try day("2026-08-31")))
    }

    @Test func cellsAreConsecutiveDays() throws {
        for first in 1...7 {
            for month in 1...12 {
                let cells = try grid(2026, month, firstWeekday: first, layout: .sixRows).cells
                #expect(cells.count == 42)
                for (a, b) in zip(cells, cells.dropFirst()) {
                    #expect(a.day.distance(to: b.day) == 1)
                }
            }
        }
    }

    @Test func isoWeekNumbersFollowTheRowsThursday() throws {
        // March 2026 from Monday: rows are ISO weeks 9...14 (see `ncal -w -M 3 2026`).
        #expect(try grid(2026, 3, firstWeekday: 2).rows.map(\.weekNumber) == [9, 10, 11, 12, 13, 14])
        // January 2027 from Sunday: the first row is mostly 2026-W53.
        #expect(try grid(2027, 1, firstWeekday: 1).rows.map(\.weekNumber) == [53, 1, 2, 3, 4, 5])
        // December 2024 from Monday: the last row (Dec 30...Jan 5) is 2025-W01.
        #expect(try grid(2024, 12, firstWeekday: 2).rows.last?.weekNumber == 1)
    }

    @Test func localeWeekRuleNumbersRowsTheUSWay() throws {
        let us = WeekRule.locale(firstWeekday: 1, minimumDaysInFirstWeek: 1)
        // December 2026 from Sunday: the last row (Dec 27...Jan 2) is week 1 of 2027 in the US.
        #expect(try grid(2026, 12, firstWeekday: 1, weekRule: us).rows.map(\.weekNumber) == [49, 50, 51, 52, 1])
    }

    @Test func todayIsFlaggedOnlyOnItsCell() throws {
        let today = try day("2026-03-17")
        let g = try grid(2026, 3, today: today)
        #expect(g.cells.filter(\.isToday).map(\.day) == [today])
        #expect(try grid(2026, 4, today: today).cells.allSatisfy { !$0.isToday })
        #expect(try grid(2026, 3).cells.allSatisfy { !$0.isToday })
        // Today shown as an outside cell is still flagged.
        let outside = try grid(2026, 2, layout: .sixRows, today: try day("2026-03-01"))
        #expect(outside.cell(for: try day("2026-03-01"))?.isToday == true)
        #expect(outside.cell(for: try day("2026-03-01"))?.isInMonth == false)
    }

    @Test func outOfRangeFirstWeekdayWraps() throws {
        #expect(try grid(2026, 3, firstWeekday: 9) == (try grid(2026, 3, firstWeekday: 2)))
        #expect(try grid(2026, 3, firstWeekday: 0) == (try grid(2026, 3, firstWeekday: 7)))
    }

    @Test func invalidMonthsThrowInsteadOfTrapping() throws {
        #expect(throws: CalendarError.self) { try grid(2026, 13) }
        #expect(throws: CalendarError.self) { try grid(2026, 0) }
        #expect(throws: CalendarError.self) { try grid(10_000, 1) }
    }

    @Test func gridsAtTheEdgesOfTheSupportedRangeStillFillTheirRows() throws {
        let first = try grid(1, 1, firstWeekday: 1, layout: .sixRows)
        #expect(first.cells.count == 42)
        #expect(first.cells.filter(\.isInMonth).count == 31)
        let last = try grid(9999, 12, firstWeekday: 1, layout: .sixRows)
        #expect(last.cells.count == 42)
        #expect(last.cells.last?.dayOfMonth ?? 0 >= 1)
    }

    @Test func localeChoosesTheFirstWeekday() throws {
        let month = CalendarMonth(year: 2026, month: 3)
        let egypt = try MonthGrid(month: month, calendar: gregorian, locale: LocaleInfo(identifier: "ar_EG"))
        #expect(egypt.firstWeekday == 7)
        #expect(egypt.cells[0].day == (try day("2026-02-28")))
        let germany = try MonthGrid(month: month, calendar: gregorian, locale: LocaleInfo(identifier: "de_DE"))
        #expect(germany == (try grid(2026, 3, firstWeekday: 2)))
    }

    @Test func rowsCarryTheirSpanAndWeek() throws {
        let g = try grid(2026, 3, firstWeekday: 2)
        #expect(g.rowCount == 6)
        #expect(g.rows[1].span == DaySpan(try day("2026-03-02"), try day("2026-03-08")))
        #expect(g.rows[1].weekNumber == 10)
        #expect(MonthGrid.Row(weekNumber: 1, cells: []).span == nil)
    }

    @Test func cellLookupFindsVisibleDaysOnly() throws {
        let g = try grid(2026, 3, firstWeekday: 2)
        #expect(g.cell(for: try day("2026-03-15"))?.dayOfMonth == 15)
        #expect(g.cell(for: try day("2026-02-23"))?.isInMonth == false)
        #expect(g.cell(for: try day("2026-02-22")) == nil)
        #expect(g.visibleSpan == DaySpan(try day("2026-02-23"), try day("2026-04-05")))
    }
}

/// A calendar with months shorter than a grid row, as the Coptic and Ethiopic
/// calendars have (5–6 epagomenal days): outside cells must ask the calendar.
struct ShortMonthCalendar: CalendarSystem {
    var identifier: CalendarIdentifier { .coptic }
    // Months of 10 days, then a 3-day month, repeating every 33 days from day 0.
    func date(of day: Day) -> CalendarDate {
        let cycle = Int((Double(day.dayNumber) / 33).rounded(.down))
        let inCycle = day.dayNumber - cycle * 33
        let month = Swift.min(inCycle / 10, 3) + 1
        return CalendarDate(month: CalendarMonth(year: cycle, month: month), day: inCycle - (month - 1) * 10 + 1)
    }

    func span(of month: CalendarMonth) throws(CalendarError) -> DaySpan {
        guard (1...4).contains(month.month) else { throw .noSuchMonth(identifier, month) }
        let first = Day(dayNumber: month.year * 33 + (month.month - 1) * 10)
        return DaySpan(first, first.adding(days: month.month == 4 ? 2 : 9))
    }

    func months(inYear year: Int, era: Int?) throws(CalendarError) -> [CalendarMonth] {
        (1...4).map { CalendarMonth(year: year, month: $0) }
    }
}

@Suite struct MonthGridOtherCalendarTests {
    @Test func outsideCellsSpanSeveralShortMonths() throws {
        let calendar = ShortMonthCalendar()
        let g = try MonthGrid(month: CalendarMonth(year: 5, month: 1), calendar: calendar, layout: .sixRows)
        #expect(g.span.count == 10)
        #expect(g.cells.count == 42)
        for cell in g.cells {
            #expect(cell.dayOfMonth == calendar.date(of: cell.day).day)
            #expect(cell.isInMonth == (calendar.date(of: cell.day).month == CalendarMonth(year: 5, month: 1)))
        }
    }
}
