import Foundation
import Testing

/// `diff` of freezes written in hours: no day's `canSelect` answer changes, so only the closed
/// time can show the change. Each move is caught (exit 1) and printed as the window that moved.
@Suite struct DiffHoursEndToEndTests {
    /// A freeze closed from `start` on 18 December to 09:00 on 4 January, and a maintenance
    /// window on the spring-forward night of 29 March 2026, ending at `springEnd`.
    private func freeze(start: String, springEnd: String = "02:30") -> String {
        """
        return {
            zone = "Europe/Berlin",
            hoursFor = function(day)
                local iso = day.iso
                if iso == "2026-03-29" then return { cal.closed("01:00", "\(springEnd)", "maintenance") } end
                if iso == "2026-12-18" then return { cal.closed("\(start)", "24:00", "Year-end change freeze") } end
                if iso > "2026-12-18" and iso < "2027-01-04" then return { cal.closed("00:00", "24:00", "Year-end change freeze") } end
                if iso == "2027-01-04" then return { cal.closed("00:00", "09:00", "Year-end change freeze") } end
            end,
        }
        """
    }

    private func diff(_ old: String, _ new: String, _ extra: [String] = ["--time-zone", "Europe/Berlin"]) throws -> CalpolicyBinary.Result {
        let files = try TemporaryFiles()
        let a = try files.write("old.lua", old), b = try files.write("new.lua", new)
        return try CalpolicyBinary.run(["diff", a, b, "--from", "2026-01-01", "--to", "2027-01-31", "--today", "2026-12-01"] + extra)
    }

    @Test func aThreeHourMoveOfTheStartIsCaughtAndPrinted() throws {
        let result = try diff(freeze(start: "15:00"), freeze(start: "12:00"))
        #expect(result.status == 1, "\(result.stdout) \(result.stderr)")
        #expect(result.stdout.contains("closed time in Europe/Berlin (1 window)"), "\(result.stdout)")
        #expect(result.stdout.contains("2026-12-18 15:00 – 2027-01-04 09:00: start moved 15:00 → 12:00 on 2026-12-18"),
                "\(result.stdout)")
        #expect(result.stdout.contains("0 days differ, 1 window of closed time"))
    }

    @Test func aMoveAtTheDSTEdgeIsCaught() throws {
        // 02:30 is in the skipped hour: it closes until the change (03:00 CEST); 03:30 half an hour more.
        let result = try diff(freeze(start: "15:00"), freeze(start: "15:00", springEnd: "03:30"))
        #expect(result.status == 1, "\(result.stdout) \(result.stderr)")
        #expect(result.stdout.contains("2026-03-29 01:00 – 2026-03-29 03:00: end moved 03:00 → 03:30 on 2026-03-29"),
                "\(result.stdout)")
    }

    @Test func theSameHoursAreNoDifferenceAndTheZoneIsRead() throws {
        let same = try diff(freeze(start: "15:00"), freeze(start: "15:00"))
        #expect(same.status == 0, "\(same.stdout) \(same.stderr)")
        #expect(same.stdout.contains("no differences"))
        // In UTC by default: the same move, in UTC wall time.
        let utc = try diff(freeze(start: "15:00"), freeze(start: "12:00"), [])
        #expect(utc.status == 1)
        #expect(utc.stdout.contains("start moved 14:00 → 11:00 on 2026-12-18"), "\(utc.stdout)")
        let bad = try diff(freeze(start: "15:00"), freeze(start: "12:00"), ["--time-zone", "Europe/Berln"])
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("Europe/Berlin"), "\(bad.stderr)")
    }

    @Test func jsonListsEachChangedWindowWithBothSides() throws {
        let result = try diff(freeze(start: "15:00"), freeze(start: "12:00"), ["--time-zone", "Europe/Berlin", "--format", "json"])
        #expect(result.status == 1)
        let document = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        #expect(document?["timeZone"] as? String == "Europe/Berlin")
        let windows = document?["windows"] as? [[String: Any]] ?? []
        #expect(windows.count == 1)
        #expect((windows.first?["old"] as? [String: Any])?["from"] as? String == "2026-12-18T15:00:00+01:00")
        #expect((windows.first?["new"] as? [String: Any])?["from"] as? String == "2026-12-18T12:00:00+01:00")
    }
}
