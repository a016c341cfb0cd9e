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

    /// The date and time written by arithmetic are glibc's `gmtime_r`'s, either side of 1970,
    /// at leap days and at the ends of a day; a year past 9999 takes the formatter.
    @Test func timestampsAreWhatGmtimeSays() {
        let instants: [Int64] = [0, -1, 59, 86_399, 86_400, -86_400, -86_401, 951_782_400, 951_868_799, 1_798_761_599,
                                 1_798_761_600, 4_107_542_399, 253_402_300_799, -62_135_596_800, 1_234_567_890]
        for seconds in instants {
            var whole = time_t(seconds)
            var parts = tm()
            gmtime_r(&whole, &parts)
            let expected = String(format: "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", Int(parts.tm_year) + 1900,
                                  Int(parts.tm_mon) + 1, Int(parts.tm_mday), Int(parts.tm_hour), Int(parts.tm_min),
                                  Int(parts.tm_sec), 7)
            #expect(Clock.timestamp(seconds: seconds, nanoseconds: 7_654_321) == expected, "\(seconds)")
        }
        #expect(Clock.timestamp(seconds: 253_402_300_800, nanoseconds: 0) == "10000-01-01T00:00:00.000Z")
    }
}
