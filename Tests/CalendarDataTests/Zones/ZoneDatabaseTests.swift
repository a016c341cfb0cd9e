import CalendarCore
import Foundation
import Testing
@testable import CalendarData

/// Zone names to the system's compiled tz files: what resolves, what never reaches the file
/// system, and the one-line problems `zone =` and `--time-zone` show.
@Suite struct ZoneDatabaseTests {
    @Test func hostileNamesNeverReachAFile() {
        for name in ["", "/etc/localtime", "../../etc/passwd", "Europe/../../../etc/passwd", "Europe//Berlin",
                     "Europe/Berlin/", "zone.tab", "Europe/Berlin\u{0}", "Europe/Berlín", "right/Europe/Berlin",
                     String(repeating: "A/", count: 200) + "B", "tzdata.zi", "iso3166.tab"] {
            #expect(ZoneDatabase.zone(named: name) == nil, "\(name)")
        }
    }

    @Test func knownNamesResolveToTheSystemsTransitions() throws {
        let berlin = try #require(ZoneDatabase.zone(named: "Europe/Berlin"))
        // 2026-03-29 01:00 UTC: CET to CEST.
        #expect(berlin.offset(at: 1_774_745_999) == 3600)
        #expect(berlin.offset(at: 1_774_746_000) == 7200)
        #expect(ZoneDatabase.zone(named: "UTC")?.offset(at: 0) == 0)
        #expect(ZoneDatabase.zone(named: "America/Argentina/Buenos_Aires")?.offset(at: 1_780_000_000) == -10_800)
    }

    @Test func aTypoIsAProblemWithDidYouMean() {
        guard case .failure(let problem) = ZoneNames.resolve("Europe/Berln") else {
            Issue.record("Europe/Berln resolved")
            return
        }
        #expect(problem.message == "'Europe/Berln': unknown time zone — did you mean 'Europe/Berlin'?")
        guard case .failure(let lower) = ZoneNames.resolve("europe/berlin") else {
            Issue.record("europe/berlin resolved")
            return
        }
        #expect(lower.reason.contains("did you mean 'Europe/Berlin'"))
    }

    @Test func aFileThatIsNotTZifIsNoZone() {
        // The database holds text files too (zone1970.tab, leapseconds); such a name is no zone.
        #expect(ZoneRules(tzif: Array("not a zone".utf8)) == nil)
        #expect(ZoneDatabase.zone(named: "leapseconds") == nil)
    }
}
