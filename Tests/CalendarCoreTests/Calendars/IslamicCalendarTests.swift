import Testing
@testable import CalendarCore

@Suite struct IslamicCalendarTests {
    /// convertdate.islamic (civil, Friday epoch) values.
    static let civil: [KnownDate] = [
        KnownDate("0622-07-19", 1, 1, 1),
        KnownDate("2023-07-19", 1445, 1, 1),
        KnownDate("2024-03-11", 1445, 9, 1),
        KnownDate("2024-06-08", 1445, 12, 1),
        KnownDate("2024-07-08", 1446, 1, 1),
        KnownDate("2025-03-01", 1446, 9, 1),
        KnownDate("2046-10-02", 1468, 12, 1),
    ]

    @Test(arguments: civil) func tabularIsOneDayAheadOfCivil(_ row: KnownDate) throws {
        let day = try Day.iso(row.iso)
        let tabular = CalendarSystems.system(for: .islamicTabular)
        #expect(tabular.date(of: day.adding(days: -1)) == row.expected)
    }

    @Test func civilMonthLengthsAlternateAndLeapYearEndsWithThirty() throws {
        let civil = CalendarSystems.system(for: .islamicCivil)
        for (year, leap) in [(1445, true), (1446, false)] {
            let lengths = try civil.months(inYear: year, era: nil).map { try civil.span(of: $0).count }
            #expect(lengths == [30, 29, 30, 29, 30, 29, 30, 29, 30, 29, 30, leap ? 30 : 29])
        }
    }

    /// Published Umm al-Qura dates (Saudi calendar) for 1440–1447 AH.
    static let ummAlQura: [KnownDate] = [
        KnownDate("2019-05-06", 1440, 9, 1),
        KnownDate("2020-04-24", 1441, 9, 1),
        KnownDate("2021-04-13", 1442, 9, 1),
        KnownDate("2022-04-02", 1443, 9, 1),
        KnownDate("2023-03-23", 1444, 9, 1),
        KnownDate("2023-04-21", 1444, 10, 1),
        KnownDate("2023-07-19", 1445, 1, 1),
        KnownDate("2024-03-11", 1445, 9, 1),
        KnownDate("2024-04-10", 1445, 10, 1),
        KnownDate("2024-07-07", 1446, 1, 1),
        KnownDate("2025-03-01", 1446, 9, 1),
        KnownDate("2025-06-26", 1447, 1, 1),
    ]

    @Test(arguments: civil.map { (CalendarIdentifier.islamicCivil, $0) } + ummAlQura.map { (.islamicUmmAlQura, $0) })
    func knownDates(_ id: CalendarIdentifier, _ row: KnownDate) throws {
        try row.check(in: id)
    }

    @Test(arguments: [CalendarIdentifier.islamic, .islamicUmmAlQura, .islamicCivil, .islamicTabular])
    func lunarMonthsHave29Or30DaysAndYears354Or355(_ id: CalendarIdentifier) throws {
        let system = CalendarSystems.system(for: id)
        for year in 1300...1500 {
            let months = try system.months(inYear: year, era: nil)
            #expect(months.map(\.month) == Array(1...12))
            let lengths = try months.map { try system.span(of: $0).count }
            #expect(lengths.allSatisfy { $0 == 29 || $0 == 30 }, "\(id.rawValue) \(year)")
            #expect([354, 355].contains(lengths.reduce(0, +)), "\(id.rawValue) \(year)")
        }
    }
}
