import CalendarCore
import Foundation
import Testing
@testable import CalendarData

/// The one clock: today in a zone, now, and the log timestamp, each checked against a reading of
/// the system clock taken here with Foundation (a different path to the same time).
@Suite struct ClockTests {
    @Test func todayIsTheDateInTheClocksZone() {
        let east = Clock(zoneNamed: "Pacific/Kiritimati").today()
        let west = Clock(zoneNamed: "Pacific/Pago_Pago").today()
        // UTC+14 and UTC-11: 25 hours apart, so always one or two days.
        #expect(east.dayNumber - west.dayNumber >= 1 && east.dayNumber - west.dayNumber <= 2)
    }

    @Test func anUnknownZoneNameIsUTC() {
        #expect(Clock(zoneNamed: "Nowhere/Atlantis").zone?.identifier == "UTC")
        let utcDay = Clock(zoneNamed: "UTC").today()
        let unknownDay = Clock(zoneNamed: "Nowhere/Atlantis").today()
        #expect(abs(utcDay.dayNumber - unknownDay.dayNumber) <= 1)
    }

    @Test func nowIsTheSystemsEpochSecond() {
        let before = Int64(Foundation.Date().timeIntervalSince1970)
        let now = Clock.local.now()
        let after = Int64(Foundation.Date().timeIntervalSince1970)
        #expect(before <= now && now <= after + 1)
        #expect(Clock(zoneNamed: "UTC").today().dayNumber == Int(now / 86_400) || Clock(zoneNamed: "UTC").today().dayNumber == Int(now / 86_400) + 1)
    }

    @Test func timestampIsUTCToTheMillisecond() throws {
        let stamp = Clock.timestamp()
        let shape = try Regex(#"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$"#)
        #expect(stamp.wholeMatch(of: shape) != nil, "\(stamp)")
        let utcToday = Clock(zoneNamed: "UTC").today().iso
        // Read a moment apart: equal, or a midnight fell between them.
        #expect(stamp.hasPrefix(utcToday) || stamp < utcToday)
    }
}
