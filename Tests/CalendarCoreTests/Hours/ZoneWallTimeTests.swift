import Foundation
import Testing
@testable import CalendarCore

/// Wall time to instants by the zone database. Expected instants are written as UTC text and
/// checked against Foundation's own ISO 8601 parser, never by adding offsets by hand.
@Suite struct ZoneWallTimeTests {
    let berlin = ZoneWallTime.system("Europe/Berlin")!

    func utc(_ text: String) -> Int64 {
        Int64(ISO8601DateFormatter().date(from: text)!.timeIntervalSince1970)
    }

    func day(_ iso: String) -> Day { try! Day(iso: iso) }

    @Test func springForwardWindowFrom0130To0300IsThirtyMinutes() {
        let spring = day("2026-03-29")
        let start = berlin.instant(of: spring, minute: 90), end = berlin.instant(of: spring, minute: 180)
        #expect(start == utc("2026-03-29T00:30:00Z"))
        #expect(end == utc("2026-03-29T01:00:00Z"))
        #expect(end - start == 30 * 60)
    }

    @Test func fallBackWindowFrom0130To0300IsTwoHoursThirty() {
        let autumn = day("2026-10-25")
        let start = berlin.instant(of: autumn, minute: 90), end = berlin.instant(of: autumn, minute: 180)
        #expect(start == utc("2026-10-24T23:30:00Z"))
        #expect(end == utc("2026-10-25T02:00:00Z"))
        #expect(end - start == 150 * 60)
    }

    @Test func aWindowInTheSkippedHourLandsAfterTheTransition() {
        // 02:15–02:45 does not exist on 2026-03-29 in Berlin: read with the offset before the gap
        // (RFC 5545), it is 03:15–03:45 CEST, still 30 minutes.
        let spring = day("2026-03-29")
        #expect(berlin.instant(of: spring, minute: 135) == utc("2026-03-29T01:15:00Z"))
        #expect(berlin.instant(of: spring, minute: 165) == utc("2026-03-29T01:45:00Z"))
        #expect(berlin.iso(berlin.instant(of: spring, minute: 135)) == "2026-03-29T03:15:00+02:00")
    }

    @Test func aRepeatedWallTimeIsItsFirstOccurrence() {
        let autumn = day("2026-10-25")
        #expect(berlin.instant(of: autumn, minute: 150) == utc("2026-10-25T00:30:00Z"))
        #expect(berlin.iso(utc("2026-10-25T01:30:00Z")) == "2026-10-25T02:30:00+01:00")
    }

    @Test func midnightAnd2400AreTheDayBounds() {
        let sydney = ZoneWallTime.system("Australia/Sydney")!
        let d = day("2026-04-05") // clocks go back at 03:00 AEDT
        #expect(sydney.instant(of: d, minute: 1440) == sydney.instant(of: day("2026-04-06"), minute: 0))
        #expect(sydney.instant(of: d, minute: 1440) - sydney.instant(of: d, minute: 0) == 25 * 3600)
        #expect(sydney.day(of: sydney.instant(of: d, minute: 0)) == d)
        #expect(sydney.day(of: sydney.instant(of: d, minute: 1440) - 1) == d)
    }

    @Test func dayOfAnInstantFollowsTheZone() {
        let kolkata = ZoneWallTime.system("Asia/Kolkata")!
        #expect(kolkata.day(of: utc("2026-06-30T18:29:00Z")) == day("2026-06-30"))
        #expect(kolkata.day(of: utc("2026-06-30T18:30:00Z")) == day("2026-07-01"))
        #expect(kolkata.iso(utc("2026-06-30T18:30:00Z")) == "2026-07-01T00:00:00+05:30")
    }
}
