import Foundation
import Testing

/// `calpolicy snapshot` and `calpolicy diff`, including stored snapshots checked by
/// `calpolicy test` and `git:REV:path` in a temporary repository.
@Suite struct SnapshotDiffEndToEndTests {
    private let policy = RegressionFixtures.failing + "/closed-days.lua"

    @Test func snapshotIsOneDayPerLineAndDeterministic() throws {
        let first = try CalpolicyBinary.run(["snapshot", policy, "--year", "2027"])
        let second = try CalpolicyBinary.run(["snapshot", policy, "--year", "2027"])
        #expect(first.status == 0)
        #expect(first.stdout == second.stdout)
        let lines = first.stdout.split(separator: "\n")
        #expect(lines.filter { $0.hasPrefix("    {\"date\": \"2027-") }.count == 365)
        let json = try JSONSerialization.jsonObject(with: Data(first.stdout.utf8)) as? [String: Any]
        let days = json?["days"] as? [[String: Any]] ?? []
        #expect(days.count == 365)
        #expect(json?["from"] as? String == "2027-01-01")
        // 2027-01-03 is a Sunday: closed.
        let sunday = days.first { $0["date"] as? String == "2027-01-03" }
        #expect(sunday?["selectable"] as? Bool == false)
        #expect(sunday?["reason"] as? String == "closed on Sundays")
    }

    @Test func snapshotWithoutSpanIsAUsageError() throws {
        let result = try CalpolicyBinary.run(["snapshot", policy])
        #expect(result.status == 2)
        #expect(result.stderrLines.count == 1)
        #expect(result.stderrLines.first?.contains("--year") == true)
    }

    @Test func storedSnapshotMismatchPrintsChangedDaysAndUpdateRewritesIt() throws {
        let files = try TemporaryFiles()
        let directory = files.directory.path
        let policyPath = try files.write("freeze.lua", try RegressionFixtures.read(RegressionFixtures.freezeV1))
        _ = try files.makeDirectory("snapshots")
        let snapshot = directory + "/snapshots/freeze-2027.json"
        let written = try CalpolicyBinary.run(["snapshot", policyPath, "--year", "2027", "--out", snapshot])
        #expect(written.status == 0)
        #expect(try RegressionFixtures.read(snapshot).contains("\"policies\": [\"freeze.lua\"]"))
        #expect(try CalpolicyBinary.run(["test", directory]).stdout == "1 passed, 0 failed\n")

        _ = try files.write("freeze.lua", try RegressionFixtures.read(RegressionFixtures.freezeV2))
        let changed = try CalpolicyBinary.run(["test", directory])
        #expect(changed.status == 1)
        let lines = changed.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 4, "\(lines)")
        #expect(lines[0].contains("expected 2027-03-29 denied 'quarter-end freeze', got selectable"))
        #expect(lines[1].contains("expected 2027-04-02 selectable, got denied 'quarter-end freeze'"))
        #expect(lines[2].contains("2027-06-30"))
        #expect(lines[3] == "0 passed, 1 failed")
        // file:line points at the changed day inside the snapshot.
        #expect(lines[0].hasPrefix(snapshot + ":94: "))

        let updated = try CalpolicyBinary.run(["test", directory, "--update-snapshots"])
        #expect(updated.status == 0)
        #expect(updated.stdout.contains("updated " + snapshot))
        #expect(try CalpolicyBinary.run(["test", directory]).status == 0)
    }

    /// A freeze written in hours leaves every day selectable: the snapshot records each day's
    /// closed intervals (in --time-zone), so moving its start fails the stored snapshot at that day.
    @Test func storedSnapshotOfHoursRecordsIntervalsAndCatchesAMovedStart() throws {
        let files = try TemporaryFiles()
        let directory = files.directory.path
        let source = try RegressionFixtures.read(CalpolicyBinary.packageRoot
            .appendingPathComponent("Tests/fixtures/hours/year_end_freeze.lua").path)
        let policyPath = try files.write("freeze.lua", source)
        _ = try files.makeDirectory("snapshots")
        let snapshot = directory + "/snapshots/freeze-2026.json"
        let written = try CalpolicyBinary.run(["snapshot", policyPath, "--from", "2026-12-01", "--to", "2027-01-31",
                                               "--time-zone", "Europe/Berlin", "--out", snapshot])
        #expect(written.status == 0, "\(written.stderr)")
        let text = try RegressionFixtures.read(snapshot)
        #expect(text.contains("\"timeZone\": \"Europe/Berlin\""))
        #expect(text.contains("{\"from\": \"2026-12-18T15:00:00+01:00\", \"to\": \"2026-12-19T00:00:00+01:00\", "
                              + "\"reason\": \"Year-end change freeze\"}"))
        #expect(try CalpolicyBinary.run(["test", directory]).stdout == "1 passed, 0 failed\n")

        _ = try files.write("freeze.lua", source.replacingOccurrences(of: "\"15:00\"", with: "\"12:00\""))
        let changed = try CalpolicyBinary.run(["test", directory])
        #expect(changed.status == 1)
        let lines = changed.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 2, "\(lines)")
        // Day 18 of the span, after the seven header lines (one is timeZone).
        #expect(lines.first?.hasPrefix(snapshot + ":25: ") == true, "\(lines)")
        #expect(lines.first?.contains("expected 2026-12-18 selectable; closed 15:00–24:00: Year-end change freeze, "
                                      + "got selectable; closed 12:00–24:00: Year-end change freeze") == true, "\(lines)")
        #expect(try CalpolicyBinary.run(["test", directory, "--update-snapshots"]).status == 0)
        #expect(try CalpolicyBinary.run(["test", directory]).status == 0)
    }

    @Test func diffListsChangedDaysByMonthAndExitsOne() throws {
        let result = try CalpolicyBinary.run(["diff", RegressionFixtures.freezeV1, RegressionFixtures.freezeV2,
                                              "--year", "2027"])
        #expect(result.status == 1)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines == [
            "--- " + RegressionFixtures.freezeV1,
            "+++ " + RegressionFixtures.freezeV2,
            "2027-03 (1 day)",
            "  2027-03-29 Mon: denied 'quarter-end freeze' → selectable",
            "2027-04 (1 day)",
            "  2027-04-02 Fri: selectable → denied 'quarter-end freeze'",
            "2027-06 (1 day)",
            "  2027-06-30 Wed: selectable → denied 'half-year close'",
            "3 days differ (2027-01-01 to 2027-12-31)",
        ])
    }

    @Test func diffJSONListsEachChangeWithBothSides() throws {
        let result = try CalpolicyBinary.run(["diff", RegressionFixtures.freezeV1, RegressionFixtures.freezeV2,
                                              "--from", "2027-03-01", "--to", "2027-04-30", "--format", "json"])
        #expect(result.status == 1)
        let json = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        let changes = json?["changes"] as? [[String: Any]] ?? []
        #expect(changes.map { $0["date"] as? String } == ["2027-03-29", "2027-04-02"])
        #expect(changes.first?["fields"] as? [String] == ["selectable", "reason"])
        let old = changes.first?["old"] as? [String: Any]
        #expect(old?["selectable"] as? Bool == false)
    }

    @Test func identicalVersionsExitZero() throws {
        let result = try CalpolicyBinary.run(["diff", RegressionFixtures.freezeV1, RegressionFixtures.freezeV1,
                                              "--year", "2027"])
        #expect(result.status == 0)
        #expect(RegressionFixtures.lastLine(result.stdout) == "no differences (2027-01-01 to 2027-12-31)")
    }

    @Test(.enabled(if: RegressionFixtures.hasGit, "needs git on PATH"))
    func diffAgainstAGitRevision() throws {
        let files = try TemporaryFiles()
        let repository = files.directory.path
        let policyPath = try files.write("freeze.lua", try RegressionFixtures.read(RegressionFixtures.freezeV1))
        #expect(RegressionFixtures.git(["init", "-q"], in: repository))
        #expect(RegressionFixtures.git(["add", "freeze.lua"], in: repository))
        #expect(RegressionFixtures.git(["commit", "-q", "-m", "v1"], in: repository))
        _ = try files.write("freeze.lua", try RegressionFixtures.read(RegressionFixtures.freezeV2))

        let result = try CalpolicyBinary.run(["diff", "git:HEAD:" + policyPath, policyPath, "--year", "2027"])
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("--- git:HEAD:" + policyPath + "\n"))
        #expect(RegressionFixtures.lastLine(result.stdout) == "3 days differ (2027-01-01 to 2027-12-31)")

        let unknown = try CalpolicyBinary.run(["diff", "git:no-such-rev:" + policyPath, policyPath, "--year", "2027"])
        #expect(unknown.status == 2)
        #expect(unknown.stderrLines.count == 1)
        #expect(unknown.stderrLines.first?.contains("git show failed") == true)
    }

    @Test func diffNeedsExactlyTwoPolicies() throws {
        let one = try CalpolicyBinary.run(["diff", RegressionFixtures.freezeV1])
        #expect(one.status == 2)
        #expect(one.stderrLines == ["calpolicy: missing argument NEW"])
        let three = try CalpolicyBinary.run(["diff", RegressionFixtures.freezeV1, RegressionFixtures.freezeV2, "extra"])
        #expect(three.status == 2)
        #expect(three.stderrLines == ["calpolicy: invalid value 'extra' for 'OLD NEW': expected exactly two policies to compare"])
    }

    @Test func diffOfABrokenPolicyExitsThree() throws {
        let result = try CalpolicyBinary.run(["diff", RegressionFixtures.freezeV1,
                                              RegressionFixtures.broken + "/syntax-error.lua", "--year", "2027"])
        #expect(result.status == 3)
        #expect(result.stderrLines.count == 1)
    }
}
