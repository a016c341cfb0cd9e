import Testing
@testable import CalendarCore

@Suite struct GregorianMathTests {
    @Test(arguments: [(1600, true), (1700, false), (1800, false), (1900, false), (2000, true), (2004, true),
                      (2023, false), (2024, true), (2100, false), (2400, true)])
    func leapYearsFollowTheCenturyRule(_ year: Int, _ leap: Bool) {
        #expect(GregorianMath.isLeapYear(year) == leap)
        #expect(GregorianMath.daysInMonth(year: year, month: 2) == (leap ? 29 : 28))
    }

    @Test func februaryTwentyNinthExistsOnlyInLeapYears() {
        #expect(throws: Never.self) { try Day(year: 2000, month: 2, day: 29) }
        #expect(throws: DayError.self) { try Day(year: 1900, month: 2, day: 29) }
        #expect(throws: DayError.self) { try Day(year: 2100, month: 2, day: 29) }
    }

    @Test(arguments: [("1900-01-01", 2), ("2000-01-01", 7), ("2100-01-01", 6), ("0001-01-01", 2),
                      ("9999-12-31", 6), ("1752-09-14", 5), ("1969-12-31", 4)])
    func knownWeekdays(_ iso: String, _ weekday: Int) throws {
        #expect(try day(iso).weekday == weekday)
    }

    @Test func civilAndDayNumberRoundTripAroundEpochsAndCenturies() {
        for base in [-719_162, -25_567, -1, 0, 10_957, 47_482, 2_932_896] {
            for n in (base - 400)...(base + 400) {
                let (y, m, d) = GregorianMath.civil(from: n)
                #expect(GregorianMath.dayNumber(year: y, month: m, day: d) == n)
            }
        }
    }

    @Test func monthsOutsideTheYearHaveNoDays() {
        #expect(GregorianMath.daysInMonth(year: 2026, month: 0) == 0)
        #expect(GregorianMath.daysInMonth(year: 2026, month: 13) == 0)
    }
}
