import Foundation
import Testing

/// `diff` without a span compares this year and the next two, widened to every year either
/// version's text mentions and every year a stored snapshot of either version covers, at
/// most 400 years (a cut is reported and fails), and always says which span it compared.
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

    /// The same as `windowPolicy`, closed days from a table keyed by ISO dates.
    private static func tablePolicy(_ rows: String) -> String {
        """
        local CLOSED = { \(rows) }
        return {
          canSelect = function(day)
            local why = CLOSED[day.iso]
            if why then return false, why end
            return true
          end,
        }
        """
    }

    /// Closed days from `cal.byYear`, whose builder holds a table keyed by year of month-day rows.
    private static func byYearPolicy(_ row: String) -> String {
        """
        local ROWS = { [2026] = { "12-24" }, [2030] = { "\(row)" } }
        local closed = cal.byYear(function(year)
          local days = {}
          for _, md in ipairs(ROWS[year] or {}) do
            days[cal.dayNumberOf(string.format("%04d-%s", year, md))] = "audit"
          end
          return days
        end)
        return {
          canSelect = function(day)
            local why = closed(day)
            if why then return false, why end
            return true
          end,
        }
        """
    }

    @Test func aChangedTableRowYearsAheadIsReportedWithoutASpan() throws {
        let files = try TemporaryFiles()
        let old = try files.write("old.lua", Self.tablePolicy(#"["2026-12-24"] = "eve", ["2030-05-01"] = "audit""#))
        let new = try files.write("new.lua", Self.tablePolicy(#"["2026-12-24"] = "eve", ["2030-05-02"] = "audit""#))
        let result = try CalpolicyBinary.run(["diff", old, new, "--today", "2026-06-01", "--timeout", "60"],
                                             environment: ["NO_COLOR": "1"])
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stdout.contains("  2030-05-01 Wed: denied 'audit' → selectable"))
        #expect(result.stdout.contains("  2030-05-02 Thu: selectable → denied 'audit'"))
        #expect(RegressionFixtures.lastLine(result.stdout) == "2 days differ (2026-01-01 to 2030-12-31)")
        #expect(result.stderr.isEmpty)
    }

    @Test func aChangedByYearRowIsReportedWithoutASpan() throws {
        let files = try TemporaryFiles()
        let old = try files.write("old.lua", Self.byYearPolicy("05-01"))
        let new = try files.write("new.lua", Self.byYearPolicy("05-03"))
        let result = try CalpolicyBinary.run(["diff", old, new, "--today", "2026-06-01", "--timeout", "60",
                                              "--format", "json"], environment: ["NO_COLOR": "1"])
        #expect(result.status == 1, "\(result.stderr)")
        let json = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        #expect(json?["from"] as? String == "2026-01-01")
        #expect(json?["to"] as? String == "2030-12-31")
        let dates = (json?["changes"] as? [[String: Any]])?.compactMap { $0["date"] as? String }
        #expect(dates == ["2030-05-01", "2030-05-03"])
    }

    @Test func aDateYearsBackWidensTheSpanBackwards() throws {
        let files = try TemporaryFiles()
        let old = try files.write("old.lua", Self.tablePolicy(#"["1999-12-31"] = "y2k""#))
        let new = try files.write("new.lua", Self.tablePolicy(#"["1999-12-30"] = "y2k""#))
        let result = try CalpolicyBinary.run(["diff", old, new, "--today", "2026-06-01", "--timeout", "60"],
                                             environment: ["NO_COLOR": "1"])
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stdout.contains("  1999-12-31 Fri: denied 'y2k' → selectable"))
        #expect(RegressionFixtures.lastLine(result.stdout) == "2 days differ (1999-01-01 to 2028-12-31)")
    }

    @Test func yearsBeyondFourHundredAreCutWithAWarningAndFail() throws {
        let files = try TemporaryFiles()
        // 1700 and 2300 cannot both be compared with 2026; the same policy on both sides.
        let old = try files.write("same.lua", Self.tablePolicy(#"["1700-03-01"] = "a", ["2300-03-01"] = "b""#))
        let result = try CalpolicyBinary.run(["diff", old, old, "--today", "2026-06-01", "--timeout", "120"],
                                             environment: ["NO_COLOR": "1"])
        #expect(result.status == 1)
        #expect(RegressionFixtures.lastLine(result.stdout) == "no differences (2026-01-01 to 2300-12-31)")
        #expect(result.stderrLines.count == 1)
        #expect(result.stderrLines.first?.hasPrefix("calpolicy: diff: warning: ") == true)
        #expect(result.stderrLines.first?.contains("year 1700 is not compared") == true)
    }

    @Test(.enabled(if: RegressionFixtures.hasGit, "needs git on PATH"))
    func aGitRevisionsMentionedYearsCount() throws {
        let files = try TemporaryFiles()
        let repository = files.directory.path
        let policy = try files.write("rules.lua", Self.tablePolicy(#"["2031-07-01"] = "audit""#))
        #expect(RegressionFixtures.git(["init", "-q"], in: repository))
        #expect(RegressionFixtures.git(["add", "rules.lua"], in: repository))
        #expect(RegressionFixtures.git(["commit", "-q", "-m", "v1"], in: repository))
        // The new version no longer names 2031: only the old one, read from git, does.
        _ = try files.write("rules.lua", Self.tablePolicy(""))
        let result = try CalpolicyBinary.run(["diff", "git:HEAD:" + policy, policy, "--today", "2026-06-01",
                                              "--timeout", "60"], environment: ["NO_COLOR": "1"])
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stdout.contains("  2031-07-01 Tue: denied 'audit' → selectable"))
        #expect(RegressionFixtures.lastLine(result.stdout) == "1 day differs (2026-01-01 to 2031-12-31)")
    }

    @Test func jsonSaysTheSpanComparedWhenNothingDiffers() throws {
        let files = try TemporaryFiles()
        let old = try files.write("same.lua", Self.windowPolicy("2027-08-02"))
        let result = try CalpolicyBinary.run(["diff", old, old, "--today", "2030-02-10", "--format", "json",
                                              "--timeout", "60"], environment: ["NO_COLOR": "1"])
        #expect(result.status == 0)
        let json = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        // From 2027: the year the policy names, before today's.
        #expect(json?["from"] as? String == "2027-01-01")
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
