import Testing
@testable import CalendarCore

@Suite struct DayTests {
    @Test func epochIsDayZeroAndThursday() throws {
        let day = try Day(iso: "1970-01-01")
        #expect(day.dayNumber == 0)
        #expect(day.weekday == 5)
    }

    @Test(arguments: ["2026-02-30", "2026-13-01", "2026-1-5", "", "garbage", "2026-00-10", "0000-01-01", "2026-12-011"])
    func parsingRejectsInvalidText(_ text: String) {
        #expect(throws: DayError.self) { try Day(iso: text) }
    }

    @Test func parsingNamesWhatWasWrong() {
        #expect(throws: DayError.dayOutOfRange(day: 30, month: 2, year: 2026, daysInMonth: 28)) { try Day(iso: "2026-02-30") }
        #expect(throws: DayError.monthOutOfRange(13)) { try Day(iso: "2026-13-01") }
        #expect(throws: DayError.malformed("2026-1-5")) { try Day(iso: "2026-1-5") }
        #expect(throws: DayError.empty) { try Day(iso: "") }
    }

    @Test func isoRoundTripsAcrossTheSupportedRange() throws {
        var day = Day.supportedRange.lowerBound
        while day <= Day.supportedRange.upperBound {
            #expect(try Day(iso: day.iso) == day)
            day = day.adding(days: 997)
        }
    }
}
