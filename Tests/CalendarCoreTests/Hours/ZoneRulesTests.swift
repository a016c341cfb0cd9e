import Foundation
import Testing
@testable import CalendarCore

/// The TZif reader and POSIX TZ rules, checked against ICU's zone code (Foundation's
/// `TimeZone`, an independent implementation over its own copy of the database) on zones
/// whose rules have not changed between the two copies: north and south DST, half-hour and
/// 45-minute offsets, negative DST (Dublin), DST at 24:00 (Santiago), and a zone that keeps
/// changing (Casablanca).
@Suite struct ZoneRulesTests {
    static let zones = ["Europe/Berlin", "America/New_York", "Australia/Sydney", "Australia/Lord_Howe",
                        "Europe/Dublin", "America/Sao_Paulo", "Asia/Kolkata", "Pacific/Chatham", "America/St_Johns",
                        "Pacific/Auckland", "America/Santiago", "Asia/Tokyo", "America/Los_Angeles", "Europe/London"]

    func icuOffset(_ zone: TimeZone, _ instant: Int64) -> Int {
        zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(instant)))
    }

    @Test(arguments: zones)
    func offsetsAgreeWithICUFrom1975To2100(_ name: String) throws {
        let wall = try #require(ZoneWallTime.system(name)), icu = try #require(TimeZone(identifier: name))
        // Every 3 h 17 min (so samples fall at every time of day), past the files' last
        // transition (2037) into the footer's rule.
        var instant: Int64 = 157_766_400, mismatches: [Int64] = []
        while instant < 4_102_444_800 {
            if wall.offset(at: instant) != icuOffset(icu, instant) { mismatches.append(instant) }
            instant += 11_820
        }
        #expect(mismatches.isEmpty, "\(name): first mismatches at \(mismatches.prefix(3))")
    }

    @Test(arguments: zones)
    func eachTransitionChangesAtTheSameSecondAsICU(_ name: String) throws {
        let bytes = try #require(FileManager.default.contents(atPath: "/usr/share/zoneinfo/" + name))
        let rules = try #require(ZoneRules(tzif: [UInt8](bytes))), icu = try #require(TimeZone(identifier: name))
        for transition in rules.transitions where transition > 157_766_400 {
            #expect(rules.offset(at: transition - 1) == icuOffset(icu, transition - 1), "\(name) before \(transition)")
            #expect(rules.offset(at: transition) == icuOffset(icu, transition), "\(name) at \(transition)")
        }
    }

    @Test func theFooterRuleOfBerlinGivesTheDSTOf2050() throws {
        let rule = try #require(PosixZoneRule("CET-1CEST,M3.5.0,M10.5.0/3"))
        // 2050-03-27 is the last Sunday of March: 01:00 UTC is 02:00 CET, the change.
        let change = Int64(GregorianMath.dayNumber(year: 2050, month: 3, day: 27)) * 86_400 + 3600
        #expect(rule.offset(at: change - 1) == 3600)
        #expect(rule.offset(at: change) == 7200)
        // 2050-10-30, last Sunday of October: 03:00 CEST is 01:00 UTC.
        let back = Int64(GregorianMath.dayNumber(year: 2050, month: 10, day: 30)) * 86_400 + 3600
        #expect(rule.offset(at: back - 1) == 7200)
        #expect(rule.offset(at: back) == 3600)
    }

    @Test func aSouthernRuleIsInDaylightTimeAcrossNewYear() throws {
        let rule = try #require(PosixZoneRule("AEST-10AEDT,M10.1.0,M4.1.0/3"))
        let newYear = Int64(GregorianMath.dayNumber(year: 2060, month: 1, day: 1)) * 86_400
        #expect(rule.offset(at: newYear) == 39_600)
        let july = Int64(GregorianMath.dayNumber(year: 2060, month: 7, day: 1)) * 86_400
        #expect(rule.offset(at: july) == 36_000)
    }

    @Test func bracketedNamesMinutesAndHalfHourDaylightTimeParse() throws {
        let lordHowe = try #require(PosixZoneRule("<+1030>-10:30<+11>-11,M10.1.0,M4.1.0"))
        #expect(lordHowe.standard == 37_800 && lordHowe.daylight == 39_600)
        let fixed = try #require(PosixZoneRule("<-03>3"))
        #expect(fixed.offset(at: 0) == -10_800 && fixed.change == nil)
    }

    @Test func julianAndZeroBasedDaysAndTimesPast24Hours() throws {
        // Daylight time all year: from January 1 00:00 to December 31 25:00 (= January 1 01:00 DST).
        let always = try #require(PosixZoneRule("EST5EDT,0/0,J365/25"))
        for month in 1...12 {
            let instant = Int64(GregorianMath.dayNumber(year: 2044, month: month, day: 15)) * 86_400
            #expect(always.offset(at: instant) == -14_400)
        }
        // J60 is March 1 even in a leap year; 59 (zero-based) is February 29 in one.
        let julian = PosixZoneRule.Moment(date: .julian(60), seconds: 0)
        #expect(julian.dayNumber(in: 2024) == GregorianMath.dayNumber(year: 2024, month: 3, day: 1))
        let zeroBased = PosixZoneRule.Moment(date: .zeroBased(59), seconds: 0)
        #expect(zeroBased.dayNumber(in: 2024) == GregorianMath.dayNumber(year: 2024, month: 2, day: 29))
    }

    @Test func malformedRulesAndFilesAreRefused() {
        for text in ["", "CET", "CET-1CEST,M3.5.0", "CET-1CEST,M13.5.0,M10.5.0", "CET-1CEST,M3.6.0,M10.5.0",
                     "CET-1CEST,M3.5.7,M10.5.0", "CET-1CEST,M3.5.0,M10.5.0/200", "<CET-1", "CE-1"] {
            #expect(PosixZoneRule(text) == nil, "\(text)")
        }
        #expect(ZoneRules(tzif: []) == nil)
        #expect(ZoneRules(tzif: Array("TZif2".utf8) + [UInt8](repeating: 0, count: 10)) == nil)
        // A valid file cut short anywhere is refused, never read past.
        let berlin = [UInt8](FileManager.default.contents(atPath: "/usr/share/zoneinfo/Europe/Berlin") ?? Data())
        #expect(ZoneRules(tzif: berlin) != nil)
        for length in stride(from: 0, to: berlin.count - 1, by: 97) {
            #expect(ZoneRules(tzif: Array(berlin.prefix(length))) == nil, "cut at \(length)")
        }
    }

    @Test func aZoneWithoutTransitionsKeepsItsOffset() throws {
        let kolkata = try #require(ZoneWallTime.system("Etc/GMT-3"))
        #expect(kolkata.offset(at: 0) == 10_800 && kolkata.offset(at: 4_000_000_000) == 10_800)
        #expect(ZoneRules.fixed(0).offset(at: -5_000_000_000) == 0)
    }
}
