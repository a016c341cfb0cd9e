import Testing
@testable import CalendarCore

/// Coptic, Ethiopic, Indian national and Persian; expected values from convertdate
/// and the published Nowruz / Enkutatash dates.
@Suite struct SolarCalendarTests {
    static let coptic: [KnownDate] = [
        KnownDate("2022-09-11", era: 1, 1739, 1, 1),
        KnownDate("2023-09-06", era: 1, 1739, 13, 1),
        KnownDate("2023-09-11", era: 1, 1739, 13, 6),  // 1739 is a leap year: 6 epagomenal days
        KnownDate("2023-09-12", era: 1, 1740, 1, 1),
        KnownDate("2024-09-10", era: 1, 1740, 13, 5),
        KnownDate("2024-09-11", era: 1, 1741, 1, 1),
        KnownDate("0001-01-01", era: 0, 284, 5, 8),  // before the Era of Martyrs, as in Foundation
    ]

    static let ethiopic: [KnownDate] = [
        KnownDate("2023-09-11", era: 1, 2015, 13, 6),  // 2015 is leap: Pagume has 6 days
        KnownDate("2023-09-12", era: 1, 2016, 1, 1),
        KnownDate("2024-09-11", era: 1, 2017, 1, 1),
        KnownDate("2024-03-11", era: 1, 2016, 7, 2),
        KnownDate("0001-01-01", era: 0, 5493, 5, 8),
    ]

    static let indian: [KnownDate] = [
        KnownDate("2000-03-21", 1922, 1, 1),
        KnownDate("2023-03-22", 1945, 1, 1),
        KnownDate("2023-04-21", 1945, 2, 1),
        KnownDate("2024-03-21", 1946, 1, 1),
        KnownDate("2024-04-20", 1946, 1, 31),  // Chaitra has 31 days in a leap year
        KnownDate("2024-04-21", 1946, 2, 1),
    ]

    static let persian: [KnownDate] = [
        KnownDate("2023-03-21", 1402, 1, 1),
        KnownDate("2024-02-20", 1402, 12, 1),
        KnownDate("2024-03-19", 1402, 12, 29),
        KnownDate("2024-03-20", 1403, 1, 1),
        KnownDate("2025-03-20", 1403, 12, 30),  // 1403 is leap
        KnownDate("2025-03-21", 1404, 1, 1),
        KnownDate("2024-03-11", 1402, 12, 21),
    ]

    @Test(arguments: coptic) func copticKnownDates(_ row: KnownDate) throws { try row.check(in: .coptic) }
    @Test(arguments: ethiopic) func ethiopicKnownDates(_ row: KnownDate) throws { try row.check(in: .ethiopicAmeteMihret) }
    @Test(arguments: indian) func indianKnownDates(_ row: KnownDate) throws { try row.check(in: .indian) }
    @Test(arguments: persian) func persianKnownDates(_ row: KnownDate) throws { try row.check(in: .persian) }

    @Test(arguments: ethiopic) func ameteAlemIsEthiopicPlus5500(_ row: KnownDate) throws {
        let date = CalendarSystems.system(for: .ethiopicAmeteAlem).date(of: try Day.iso(row.iso))
        let ameteMihretYear = row.era == 0 ? row.year - 5500 : row.year
        #expect(date == CalendarDate(month: CalendarMonth(year: ameteMihretYear + 5500, month: row.month), day: row.day))
    }

    @Test(arguments: [(1739, 6), (1740, 5), (1741, 5), (1742, 5), (1743, 6)])
    func copticEpagomenalDays(_ year: Int, _ days: Int) throws {
        let coptic = CalendarSystems.system(for: .coptic)
        #expect(try coptic.span(of: CalendarMonth(era: 1, year: year, month: 13)).count == days)
        #expect(try coptic.months(inYear: year, era: 1).count == 13)
    }

    @Test(arguments: [(1402, false), (1403, true), (1404, false), (1399, true), (1408, true)])
    func persianMonthLengths(_ year: Int, _ leap: Bool) throws {
        let persian = CalendarSystems.system(for: .persian)
        let lengths = try persian.months(inYear: year, era: nil).map { try persian.span(of: $0).count }
        #expect(lengths == [31, 31, 31, 31, 31, 31, 30, 30, 30, 30, 30, leap ? 30 : 29])
    }
}
