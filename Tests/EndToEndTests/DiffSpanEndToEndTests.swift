import Foundation
import Testing

/// `diff` without a span compares this year and the next two, widened to every year a stored
/// snapshot of either version covers, and always says which span it compared.
@Suite struct DiffSpanEndToEndTests {
    /// A policy denying one day, `date`, with the reason "window".
    private static func windowPolicy(_ date: String) -> String {
        """
        return {
          canSelect = function(day)
            if day.iso == "\(date)" then return false, "window" end
            return true
          end,
        }
        """
    }

    @Test func nextYearsChangedWindowIsReportedWithoutASpan() throws {
        let files = try TemporaryFiles()
        let old = try files.write("old.lua", Self.windowPolicy("2027-08-02"))
        let new = try files.write("new.lua", Self.windowPolicy("2027-08-03"))
        let result = try CalpolicyBinary.run(["diff", old, new, "--today", "2026-06-01", "--timeout", "60"],
                                             environment: ["NO_COLOR": "1"])
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stdout.contains("  2027-08-02 Mon: denied 'window' → selectable"))
        #expect(result.stdout.contains("  2027-08-03 Tue: selectable → denied 'window'"))
        #expect(RegressionFixtures.lastLine(result.stdout) == "2 days differ (2026-01-01 to 2028-12-31)")
    }

    @Test func jsonSaysTheSpanComparedWhenNothingDiffers() throws {
        let files = try TemporaryFiles()
        let old = try files.write("same.lua", Self.windowPolicy("2027-08-02"))
        let result = try CalpolicyBinary.run(["diff", old, old, "--today", "2030-02-10", "--format", "json",
                                              "--timeout", "60"], environment: ["NO_COLOR": "1"])
        #expect(result.status == 0)
        let json = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        #expect(json?["from"] as? String == "2030-01-01")
        #expect(json?["to"] as? String == "2032-12-31")
        #expect((json?["changes"] as? [Any])?.isEmpty == true)
    }

    @Test func storedSnapshotsWidenTheSpanToTheYearsTheyCover() throws {
        let files = try TemporaryFiles()
        let old = try files.write("rules.lua", Self.windowPolicy("2035-03-05"))
        let new = try files.write("rules-next.lua", Self.windowPolicy("2035-03-06"))
        _ = try files.makeDirectory("snapshots")
        let stored = try CalpolicyBinary.run(["snapshot", old, "--year", "2035", "--out",
                                              files.directory.appendingPathComponent("snapshots/rules-2035.json").path])
        #expect(stored.status == 0, "\(stored.stderr)")
        let result = try CalpolicyBinary.run(["diff", old, new, "--today", "2026-06-01", "--timeout", "60"],
                                             environment: ["NO_COLOR": "1"])
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stdout.contains("  2035-03-05 Mon: denied 'window' → selectable"))
        #expect(RegressionFixtures.lastLine(result.stdout) == "2 days differ (2026-01-01 to 2035-12-31)")
    }

    @Test func aGivenYearIsComparedAsBefore() throws {
        let files = try TemporaryFiles()
        let old = try files.write("old.lua", Self.windowPolicy("2027-08-02"))
        let new = try files.write("new.lua", Self.windowPolicy("2027-08-03"))
        let result = try CalpolicyBinary.run(["diff", old, new, "--year", "2026", "--today", "2026-06-01"])
        #expect(result.status == 0)
        #expect(RegressionFixtures.lastLine(result.stdout) == "no differences (2026-01-01 to 2026-12-31)")
    }
}
