import Testing
@testable import CalendarCore

@Suite struct WeekStripIdentifierTests {
    @Test func identifierNamesTheRuleYearAndWeek() throws {
        #expect(WeekStrip(containing: try day("2027-01-01"), firstWeekday: 2).identifier == "2026-W53")
        #expect(WeekStrip(containing: try day("2026-01-05"), firstWeekday: 2).identifier == "2026-W02")
        let us = WeekRule.locale(firstWeekday: 1, minimumDaysInFirstWeek: 1)
        #expect(WeekStrip(containing: try day("2027-01-01"), firstWeekday: 1, weekRule: us).identifier == "2027-W01")
    }

    @Test func aWeekOfAYearRoundTripsThroughItsIdentifier() throws {
        for firstWeekday in 1...7 {
            for text in ["2026-W01", "2026-W53", "2027-W52", "2020-W53", "2024-W10"] {
                let parsed = try #require(WeekStrip.parseIdentifier(text))
                let strip = try #require(WeekStrip(week: parsed.week, of: parsed.year, firstWeekday: firstWeekday))
                #expect(strip.identifier == text, "\(text) from weekday \(firstWeekday)")
                #expect(strip.firstWeekday == firstWeekday)
            }
        }
    }

    @Test func weeksTheYearDoesNotHaveAreNil() {
        #expect(WeekStrip(week: 53, of: 2027) == nil)
        #expect(WeekStrip(week: 0, of: 2026) == nil)
        #expect(WeekStrip.parseIdentifier("2026-53") == nil)
        #expect(WeekStrip.parseIdentifier("2026-W5") == nil)
        #expect(WeekStrip.parseIdentifier("2026-w05")?.week == 5)
    }
}
