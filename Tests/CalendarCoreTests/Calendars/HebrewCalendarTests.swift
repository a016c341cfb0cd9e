import Testing
@testable import CalendarCore

/// Expected values from the calendar's rules as computed by hebcal and convertdate.
@Suite struct HebrewCalendarTests {
    static let known: [KnownDate] = [
        KnownDate("2022-09-26", 5783, 1, 1),
        KnownDate("2023-02-22", 5783, 7, 1),  // Adar of a common year is month 7
        KnownDate("2023-03-23", 5783, 8, 1),
        KnownDate("2023-09-16", 5784, 1, 1),
        KnownDate("2024-02-10", 5784, 6, 1, leap: true),  // Adar I
        KnownDate("2024-03-11", 5784, 7, 1),  // Adar II
        KnownDate("2024-04-23", 5784, 8, 15),  // Passover
        KnownDate("2024-10-03", 5785, 1, 1),
        KnownDate("2044-09-22", 5805, 1, 1),  // common year before 2046
        KnownDate("2045-02-18", 5805, 7, 1),
        KnownDate("2045-09-12", 5806, 1, 1),  // leap year, 384 days
        KnownDate("2046-02-07", 5806, 6, 1, leap: true),
        KnownDate("2046-03-09", 5806, 7, 1),
        KnownDate("2046-09-30", 5806, 13, 29),
        KnownDate("2046-10-01", 5807, 1, 1),  // Foundation says 2046-10-02
        KnownDate("2047-02-27", 5807, 7, 1),  // common year after 2046
        KnownDate("2047-09-21", 5808, 1, 1),
    ]

    @Test(arguments: known) func knownDates(_ row: KnownDate) throws {
        try row.check(in: .hebrew)
    }

    @Test func year5807StartsOnFirstOctober2046() throws {
        let span = try CalendarSystems.system(for: .hebrew).span(of: CalendarMonth(year: 5807, month: 1))
        #expect(span.first == (try Day.iso("2046-10-01")))
    }

    @Test func leapYearHasThirteenMonthsWithAdarIFlagged() throws {
        let months = try CalendarSystems.system(for: .hebrew).months(inYear: 5806, era: nil)
        #expect(months.map(\.month) == Array(1...13))
        #expect(months.filter(\.isLeapMonth).map(\.month) == [6])
    }

    @Test func commonYearSkipsMonthSix() throws {
        let hebrew = CalendarSystems.system(for: .hebrew)
        #expect(try hebrew.months(inYear: 5807, era: nil).map(\.month) == [1, 2, 3, 4, 5, 7, 8, 9, 10, 11, 12, 13])
        let adarI = CalendarMonth(year: 5807, month: 6, isLeapMonth: true)
        #expect(throws: CalendarError.noSuchMonth(.hebrew, adarI)) { try hebrew.span(of: adarI) }
    }

    @Test func monthSixIsAdarIWhetherOrNotFlagged() throws {
        let hebrew = CalendarSystems.system(for: .hebrew)
        #expect(try hebrew.span(of: CalendarMonth(year: 5784, month: 6))
            == hebrew.span(of: CalendarMonth(year: 5784, month: 6, isLeapMonth: true)))
    }

    @Test(arguments: [(5783, 355), (5784, 383), (5785, 355), (5805, 355), (5806, 384), (5807, 355), (5808, 353)])
    func yearLengths(_ year: Int, _ length: Int) throws {
        #expect(try CalendarSystems.system(for: .hebrew).span(ofYear: year, era: nil).count == length)
    }
}
