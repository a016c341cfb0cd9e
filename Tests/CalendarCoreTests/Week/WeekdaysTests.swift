import Testing
@testable import CalendarCore

@Suite struct WeekdaysTests {
    @Test(arguments: [(0, 7), (1, 1), (7, 7), (8, 1), (-6, 1), (15, 1), (Int.max, 7), (Int.min, 6)])
    func normalizedWrapsIntoOneToSeven(_ input: Int, _ expected: Int) {
        #expect(Weekdays.normalized(input) == expected)
    }

    @Test func weekContainingADayStartsOnTheFirstWeekday() throws {
        let wednesday = try day("2026-03-04")
        for first in 1...7 {
            let week = Weekdays.week(containing: wednesday, firstWeekday: first)
            #expect(week.first.weekday == first)
            #expect(week.count == 7)
            #expect(week.contains(wednesday))
        }
    }
}
