import Testing
@testable import CalendarCore

@Suite struct WeekRuleTests {
    @Test(arguments: [
        ("2026-01-01", 2026, 1), ("2027-01-01", 2026, 53), ("2027-01-03", 2026, 53), ("2027-01-04", 2027, 1),
        ("2024-12-30", 2025, 1), ("2021-01-03", 2020, 53), ("2008-12-29", 2009, 1), ("2005-01-01", 2004, 53),
        ("2026-03-08", 2026, 10), ("2000-01-01", 1999, 52), ("2000-01-03", 2000, 1),
    ])
    func isoWeeksAcrossYearBoundaries(_ iso: String, _ year: Int, _ week: Int) throws {
        let result = WeekRule.iso8601.week(of: try day(iso))
        #expect(result.yearForWeek == year)
        #expect(result.week == week)
    }

    @Test func isoWeek53YearsAreTheOnesStartingOrLeapStartingOnThursday() {
        let years = (2000...2040).filter { WeekRule.iso8601.weeksInYear($0) == 53 }
        #expect(years == [2004, 2009, 2015, 2020, 2026, 2032, 2037])
    }

    @Test func usRuleCountsTheWeekHoldingJanuaryFirstAsWeekOne() throws {
        let us = WeekRule.locale(firstWeekday: 1, minimumDaysInFirstWeek: 1)
        #expect(us.week(of: try day("2026-12-27")) == (2027, 1))
        #expect(us.week(of: try day("2026-12-26")) == (2026, 52))
        #expect(us.week(of: try day("2027-01-01")) == (2027, 1))
        #expect(us.week(of: try day("2026-01-01")) == (2026, 1))
        #expect(us.week(of: try day("2026-01-04")) == (2026, 2))
    }

    @Test func localeRuleWithMondayAndFourDaysMatchesIso() throws {
        let europe = WeekRule.locale(firstWeekday: 2, minimumDaysInFirstWeek: 4)
        var d = try day("1990-01-01")
        while d < (try day("2040-01-01")) {
            #expect(europe.week(of: d) == WeekRule.iso8601.week(of: d))
            d = d.adding(days: 3)
        }
    }

    @Test func rowWeekNumberIsTheWeekHoldingMostOfTheRow() throws {
        // Sunday-first row 2026-12-27...2027-01-02: ISO week 53 of 2026 holds Mon–Sat.
        let row = DaySpan(try day("2026-12-27"), try day("2027-01-02"))
        #expect(WeekRule.iso8601.weekNumber(of: row) == 53)
        // Saturday-first row 2027-01-02...2027-01-08: ISO week 1 of 2027 holds Mon–Fri.
        let saturdayRow = DaySpan(try day("2027-01-02"), try day("2027-01-08"))
        #expect(WeekRule.iso8601.weekNumber(of: saturdayRow) == 1)
    }

    @Test func outOfRangeLocaleValuesAreClampedNotTrapped() throws {
        let odd = WeekRule.locale(firstWeekday: 9, minimumDaysInFirstWeek: 0)
        #expect(odd.firstWeekday == 2)
        #expect(odd.minimumDaysInFirstWeek == 1)
        #expect(odd.weekNumber(of: try day("2026-06-15")) >= 1)
    }
}
