import Testing
@testable import CalendarCore

@Suite struct WeekStripTests {
    @Test func stripHoldsTheSevenDaysFromTheFirstWeekday() throws {
        let strip = WeekStrip(containing: try day("2026-03-11"), firstWeekday: 2)
        #expect(strip.days == Array(DaySpan(try day("2026-03-09"), try day("2026-03-15"))))
        #expect(strip.weekNumber == 11)
        let sunday = WeekStrip(containing: try day("2026-03-11"), firstWeekday: 1)
        #expect(sunday.span.first == (try day("2026-03-08")))
    }

    @Test func nextAndPreviousStepOneWeekAcrossYearEnds() throws {
        let strip = WeekStrip(containing: try day("2026-12-30"), firstWeekday: 2)
        #expect(strip.weekNumber == 53)
        #expect(strip.next().span.first == (try day("2027-01-04")))
        #expect(strip.next().weekNumber == 1)
        #expect(strip.next().previous() == strip)
        #expect(strip.stepped(by: -52).span.first == (try day("2025-12-29")))
    }

    @Test func todayIsInjected() throws {
        let today = try day("2026-03-11")
        let strip = WeekStrip(containing: today, firstWeekday: 2, today: today)
        #expect(strip.containsToday)
        #expect(!strip.next().containsToday)
        #expect(!WeekStrip(containing: today).containsToday)
    }

    @Test func localeRuleNumbersTheStrip() throws {
        let us = WeekRule.locale(firstWeekday: 1, minimumDaysInFirstWeek: 1)
        #expect(WeekStrip(containing: try day("2026-12-29"), firstWeekday: 1, weekRule: us).weekNumber == 1)
    }
}
