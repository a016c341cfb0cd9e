import Testing
@testable import CalendarCore

/// Month grids in non-Gregorian calendars, where months do not start on the 1st of a
/// Gregorian month and may be split by an era change.
@Suite struct CalendarGridTests {
    @Test func hebrewAdarIGridNumbersItsDaysAndFlagsTheMonth() throws {
        let hebrew = CalendarSystems.system(for: .hebrew)
        let adarI = CalendarMonth(year: 5784, month: 6, isLeapMonth: true)
        let grid = try MonthGrid(month: adarI, calendar: hebrew)
        let inMonth = grid.cells.filter(\.isInMonth)
        #expect(inMonth.map(\.dayOfMonth) == Array(1...30))
        #expect(inMonth.first?.day == (try Day.iso("2024-02-10")))
        #expect(try hebrew.month(after: adarI) == CalendarMonth(year: 5784, month: 7))
    }

    @Test func japaneseMonthStartingWithAnEraKeepsGregorianDayNumbers() throws {
        let japanese = CalendarSystems.system(for: .japanese)
        let grid = try MonthGrid(month: CalendarMonth(era: 235, year: 1, month: 1), calendar: japanese)
        let inMonth = grid.cells.filter(\.isInMonth)
        #expect(inMonth.map(\.dayOfMonth) == Array(8...31))
        let before = grid.cells.filter { !$0.isInMonth && $0.day < inMonth[0].day }
        #expect(before.map(\.dayOfMonth) == before.map(\.day.day))
    }

    @Test func japaneseMonthEndingWithAnEraIsFollowedByTheNewEra() throws {
        let japanese = CalendarSystems.system(for: .japanese)
        let grid = try MonthGrid(month: CalendarMonth(era: 234, year: 64, month: 1), calendar: japanese, layout: .sixRows)
        #expect(grid.cells.filter(\.isInMonth).map(\.dayOfMonth) == Array(1...7))
        let after = grid.cells.filter { !$0.isInMonth && $0.day > grid.span.last }
        #expect(after.count == 35)
        #expect(after.map(\.dayOfMonth) == after.map(\.day.day))
    }

    @Test(arguments: CalendarIdentifier.allCases) func gridCellsShowTheCalendarsDayOfMonth(_ id: CalendarIdentifier) throws {
        let system = CalendarSystems.system(for: id)
        var month = system.date(of: try Day.iso("2023-01-01")).month
        for _ in 0..<40 {
            let grid = try MonthGrid(month: month, calendar: system, layout: .sixRows)
            for cell in grid.cells {
                #expect(cell.dayOfMonth == system.date(of: cell.day).day, "\(id.rawValue) \(cell.day)")
                #expect(cell.isInMonth == (system.date(of: cell.day).month == month), "\(id.rawValue) \(cell.day)")
            }
            month = try system.month(after: month)
        }
    }
}
