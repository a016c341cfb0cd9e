import Testing
@testable import CalendarCore

@Suite struct EastAsianCalendarTests {
    /// Published Chinese New Year dates and leap-month starts, 1984–2033. The Chinese
    /// year is the related Gregorian year.
    static let chinese: [KnownDate] = [
        // New Year (month 1, day 1): published lists, 1993–2026 continuous, plus 1984 and 1990.
        KnownDate("1984-02-02", 1984, 1, 1), KnownDate("1990-01-27", 1990, 1, 1),
        KnownDate("1993-01-23", 1993, 1, 1), KnownDate("1994-02-10", 1994, 1, 1),
        KnownDate("1995-01-31", 1995, 1, 1), KnownDate("1996-02-19", 1996, 1, 1),
        KnownDate("1997-02-07", 1997, 1, 1), KnownDate("1998-01-28", 1998, 1, 1),
        KnownDate("1999-02-16", 1999, 1, 1), KnownDate("2000-02-05", 2000, 1, 1),
        KnownDate("2001-01-24", 2001, 1, 1), KnownDate("2002-02-12", 2002, 1, 1),
        KnownDate("2003-02-01", 2003, 1, 1), KnownDate("2004-01-22", 2004, 1, 1),
        KnownDate("2005-02-09", 2005, 1, 1), KnownDate("2006-01-29", 2006, 1, 1),
        KnownDate("2007-02-18", 2007, 1, 1), KnownDate("2008-02-07", 2008, 1, 1),
        KnownDate("2009-01-26", 2009, 1, 1), KnownDate("2010-02-14", 2010, 1, 1),
        KnownDate("2011-02-03", 2011, 1, 1), KnownDate("2012-01-23", 2012, 1, 1),
        KnownDate("2013-02-10", 2013, 1, 1), KnownDate("2014-01-31", 2014, 1, 1),
        KnownDate("2015-02-19", 2015, 1, 1), KnownDate("2016-02-08", 2016, 1, 1),
        KnownDate("2017-01-28", 2017, 1, 1), KnownDate("2018-02-16", 2018, 1, 1),
        KnownDate("2019-02-05", 2019, 1, 1), KnownDate("2020-01-25", 2020, 1, 1),
        KnownDate("2021-02-12", 2021, 1, 1), KnownDate("2022-02-01", 2022, 1, 1),
        KnownDate("2023-01-22", 2023, 1, 1), KnownDate("2024-02-10", 2024, 1, 1),
        KnownDate("2025-01-29", 2025, 1, 1), KnownDate("2026-02-17", 2026, 1, 1),
        // Leap-month starts; 2033 is the leap eleventh month of the "2033 problem".
        KnownDate("2001-05-23", 2001, 4, 1, leap: true),
        KnownDate("2004-03-21", 2004, 2, 1, leap: true),
        KnownDate("2006-08-24", 2006, 7, 1, leap: true),
        KnownDate("2009-06-23", 2009, 5, 1, leap: true),
        KnownDate("2012-05-21", 2012, 4, 1, leap: true),
        KnownDate("2014-10-24", 2014, 9, 1, leap: true),
        KnownDate("2017-07-23", 2017, 6, 1, leap: true),
        KnownDate("2020-05-23", 2020, 4, 1, leap: true),
        KnownDate("2023-03-22", 2023, 2, 1, leap: true),
        KnownDate("2025-07-25", 2025, 6, 1, leap: true),
        KnownDate("2033-12-22", 2033, 11, 1, leap: true),
    ]

    @Test(arguments: chinese) func chinesePublishedDates(_ row: KnownDate) throws {
        try row.check(in: .chinese)
    }

    @Test func chineseLeapYearHasThirteenMonthsWithTheLeapMonthAfterItsNamesake() throws {
        let months = try CalendarSystems.system(for: .chinese).months(inYear: 2023, era: nil)
        #expect(months.count == 13)
        #expect(months[1] == CalendarMonth(year: 2023, month: 2))
        #expect(months[2] == CalendarMonth(year: 2023, month: 2, isLeapMonth: true))
    }

    @Test func chineseMonthThatIsNotLeapThatYearIsAnError() {
        let month = CalendarMonth(year: 2024, month: 4, isLeapMonth: true)
        #expect(throws: CalendarError.noSuchMonth(.chinese, month)) {
            try CalendarSystems.system(for: .chinese).span(of: month)
        }
    }

    @Test(arguments: [(1984, "jia-zi"), (2023, "gui-mao"), (2024, "jia-chen"), (2026, "bing-wu")])
    func cyclicNames(_ year: Int, _ name: String) {
        #expect(ChineseCycle.cyclicName(relatedGregorianYear: year) == name)
    }

    static let japanese: [KnownDate] = [
        KnownDate("1868-09-08", era: 232, 1, 9, 8),
        KnownDate("1912-07-29", era: 232, 45, 7, 29),
        KnownDate("1912-07-30", era: 233, 1, 7, 30),
        KnownDate("1926-12-25", era: 234, 1, 12, 25),
        KnownDate("1989-01-07", era: 234, 64, 1, 7),
        KnownDate("1989-01-08", era: 235, 1, 1, 8),
        KnownDate("2019-04-30", era: 235, 31, 4, 30),
        KnownDate("2019-05-01", era: 236, 1, 5, 1),
        KnownDate("2024-03-11", era: 236, 6, 3, 11),
        KnownDate("1868-09-07", era: 231, 4, 9, 7),  // Keiō, from Foundation's era table
        KnownDate("0622-07-16", era: 0, -22, 7, 16),  // before Taika
    ]

    @Test(arguments: japanese) func japaneseKnownDates(_ row: KnownDate) throws {
        try row.check(in: .japanese)
    }

    @Test func japaneseEraChangeSplitsTheMonth() throws {
        let japanese = CalendarSystems.system(for: .japanese)
        let showa = try japanese.span(of: CalendarMonth(era: 234, year: 64, month: 1))
        let heisei = try japanese.span(of: CalendarMonth(era: 235, year: 1, month: 1))
        #expect(showa == DaySpan(try Day.iso("1989-01-01"), try Day.iso("1989-01-07")))
        #expect(heisei == DaySpan(try Day.iso("1989-01-08"), try Day.iso("1989-01-31")))
        #expect(try japanese.month(after: CalendarMonth(era: 234, year: 64, month: 1)) == CalendarMonth(era: 235, year: 1, month: 1))
        #expect(throws: CalendarError.self) { try japanese.span(of: CalendarMonth(era: 234, year: 64, month: 2)) }
    }

    @Test func gregorianYearRenumberings() throws {
        let day = try Day.iso("2024-03-11")
        #expect(CalendarSystems.system(for: .buddhist).date(of: day) == KnownDate("", 2567, 3, 11).expected)
        #expect(CalendarSystems.system(for: .republicOfChina).date(of: day) == KnownDate("", era: 1, 113, 3, 11).expected)
        let beforeMinguo = CalendarSystems.system(for: .republicOfChina).date(of: try Day.iso("1911-12-31"))
        #expect(beforeMinguo == KnownDate("", era: 0, 1, 12, 31).expected)
    }
}
