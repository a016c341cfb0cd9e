import Testing
@testable import CalendarCore

/// Grids for every calendar system, checked cell by cell against the system's own
/// `date(of:)`: the grid itself only uses `span(of:)` and integer day numbers.
@Suite struct MonthGridCalendarsTests {
    @Test(arguments: CalendarIdentifier.allCases)
    func everyCellAgreesWithTheCalendar(_ id: CalendarIdentifier) throws {
        let system = CalendarSystems.system(for: id)
        for probe in ["2023-06-01", "2024-03-01"] {
            let year = system.date(of: try Day(iso: probe)).month
            for month in try system.months(inYear: year.year, era: year.era) {
                let span = try system.span(of: month)
                for first in [1, 2, 7] {
                    for layout in MonthGrid.Layout.allCases {
                        let grid = try MonthGrid(month: month, calendar: system, firstWeekday: first, layout: layout)
                        #expect(grid.span == span)
                        #expect(grid.cells.filter(\.isInMonth).map(\.day) == Array(span))
                        #expect(grid.cells[0].day.weekday == first)
                        for cell in grid.cells {
                            let date = system.date(of: cell.day)
                            #expect(cell.dayOfMonth == date.day, "\(id) \(month) \(cell.day)")
                            #expect(cell.isInMonth == (date.month == month), "\(id) \(month) \(cell.day)")
                        }
                    }
                }
            }
        }
    }

    /// The Coptic thirteenth month has five or six days, fewer than a row: the
    /// trailing cells run on into the next year's first and second months.
    @Test func copticEpagomenalMonthGrid() throws {
        let coptic = CalendarSystems.system(for: .coptic)
        let month = coptic.date(of: try Day(iso: "2024-09-08")).month
        #expect(month.month == 13)
        let grid = try MonthGrid(month: month, calendar: coptic, firstWeekday: 1, layout: .sixRows)
        #expect(grid.span.count == 5 || grid.span.count == 6)
        #expect(grid.cells.count == 42)
        let trailing = grid.cells.drop { $0.day <= grid.span.last }
        #expect(trailing.first?.dayOfMonth == 1)
        #expect(trailing.contains { $0.dayOfMonth == 30 })
    }

    @Test func hebrewLeapYearGridsAndNames() throws {
        let hebrew = CalendarSystems.system(for: .hebrew)
        let months = try hebrew.months(inYear: 5784, era: nil)
        #expect(months.count == 13)
        let en = LocaleInfo(identifier: "en_US")
        let names = months.map { en.monthName($0, calendar: .hebrew) }
        #expect(names.contains("Adar I"))
        #expect(names.contains("Adar II"))
        #expect(Set(names).count == 13)
        let year = try Period(.year, containing: try Day(iso: "2024-03-01"), calendar: hebrew)
        #expect((383...385).contains(year.span.count))
    }

    @Test func monthSelectionFollowsTheDisplayedCalendar() throws {
        let persian = CalendarSystems.system(for: .persian)
        var c = SelectionController(mode: .month, stack: PolicyStack(), context: PolicyContext(calendar: persian))
        let result = try c.tap(try Day(iso: "2024-03-25"))
        // 1403 Farvardin: 2024-03-20 ... 2024-04-19 (31 days).
        #expect(result.selection.first == (try Day(iso: "2024-03-20")))
        #expect(result.selection.count == 31)
        #expect(LocaleInfo(identifier: "en_US").monthName(persian.date(of: try Day(iso: "2024-03-25")).month,
                                                          calendar: .persian) == "Farvardin")
    }
}
