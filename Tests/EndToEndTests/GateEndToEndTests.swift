import Foundation
import Testing

/// `gate` and the hours it reads: exit codes, one-line refusals of bad input, and the JSON.
@Suite struct GateEndToEndTests {
    let freeze = CalpolicyBinary.packageRoot.appendingPathComponent("policies/change-freeze.lua").path
    let hours = CalpolicyBinary.packageRoot.appendingPathComponent("examples/deploy-hours.lua").path
    let fixtures = CalpolicyBinary.packageRoot.appendingPathComponent("Tests/fixtures/hours").path

    func gate(_ arguments: [String]) throws -> CalpolicyBinary.Result {
        try CalpolicyBinary.run(["gate", freeze, hours] + arguments)
    }

    @Test func closedExitsOneWithTheReasonPolicyAndUntil() throws {
        let result = try gate(["--at", "2026-12-11T16:05:00+01:00", "--time-zone", "Europe/Berlin"])
        #expect(result.status == 1)
        #expect(result.stdout == "closed until 2026-12-14T08:00:00+01:00 — no Friday-afternoon deploys (\(hours))\n")
    }

    @Test func openExitsZeroAndJSONSaysUntilWhen() throws {
        let result = try gate(["--at", "2026-12-15T08:30:00Z", "--time-zone", "Europe/Berlin", "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any] ?? [:]
        #expect(object["open"] as? Bool == true)
        #expect(object["at"] as? String == "2026-12-15T09:30:00+01:00")
        #expect(object["until"] as? String == "2026-12-15T18:00:00+01:00")
        #expect(object["reason"] is NSNull)
    }

    @Test func wholeDayFreezeLastsUntilTheNextOpenMinute() throws {
        let result = try gate(["--at", "2026-12-24T13:05:00+01:00", "--time-zone", "Europe/Berlin"])
        #expect(result.status == 1)
        #expect(result.stdout.hasPrefix("closed until 2027-01-05T08:00:00+01:00 — change freeze: Year-end change freeze"))
    }

    @Test(arguments: [
        (["--at", "2026-12-15T09:30"], "has no UTC offset"),
        (["--at", "2026-12-15T25:00:00Z"], "no such time of day"),
        (["--at", "tomorrow"], "expected an instant such as"),
        (["--at", "2026-12-15T09:30:00Z", "--time-zone", "Europe/Berln"], "did you mean 'Europe/Berlin'?"),
        (["--at", "2026-12-15T09:30:00Z", "--now"], "--now"),
        ([], "--at"),
    ])
    func badInputIsOneLineAndExitTwo(arguments: [String], message: String) throws {
        let result = try gate(arguments)
        #expect(result.status == 2)
        #expect(result.stderrLines.count == 1)
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }

    @Test func malformedHoursArePolicyErrorsNamingFileAndLine() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gate-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let bad = folder.appendingPathComponent("bad.lua")
        try "return {\n  hoursFor = function(day)\n    return { cal.closed('12:7', '13:00') }\n  end,\n}\n"
            .write(to: bad, atomically: true, encoding: .utf8)
        let result = try CalpolicyBinary.run(["gate", bad.path, "--at", "2026-12-15T09:30:00Z"])
        #expect(result.status == 3)
        #expect(result.stderrLines.count == 1)
        #expect(result.stderr.contains("bad.lua:3: cal.closed: from must be a time 'HH:MM'"), "\(result.stderr)")
    }

    @Test func batchAnswersEveryLineWithOneLoad() throws {
        let result = try CalpolicyBinary.run(["gate", freeze, hours, "--batch", "-", "--format", "json"],
                                             input: "2026-12-11T16:05:00+01:00\n# a comment\n\n2026-12-15T09:30:00Z\n")
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines[0].contains("\"open\": false") && lines[1].contains("\"open\": true"))
    }

    /// A bad line refuses the whole batch, naming its number and text: nothing is answered, so no
    /// answer can be matched to the wrong line.
    @Test(arguments: [("2026-12-11T16:05:00+01:00\nnot-an-instant\n", "line 2: 'not-an-instant'"),
                      ("# header\n\n2026-12-11T16:05\n", "line 3: '2026-12-11T16:05': has no UTC offset"),
                      ("2026-12-11T16:05:00Z\n2026-02-30T10:00:00Z\n", "line 2: '2026-02-30T10:00:00Z': no such day")])
    func aBadBatchLineRefusesTheBatchNamingTheLine(input: String, named: String) throws {
        let result = try CalpolicyBinary.run(["gate", freeze, hours, "--batch", "-"], input: input)
        #expect(result.status == 2, "\(result.stdout)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(result.stderr.hasPrefix("calpolicy: ") && result.stderr.contains(named), "\(result.stderr)")
    }

    @Test func nowReadsTheClock() throws {
        let result = try gate(["--now", "--format", "json"])
        #expect(result.status == 0 || result.status == 1, "\(result.stderr)")
        #expect(result.stdout.contains("\"timeZone\": \"UTC\""))
    }

    @Test func evalCarriesIntervalsOnlyForAStackWithHours() throws {
        let withHours = try CalpolicyBinary.run(["eval", freeze, hours, "--from", "2026-12-10", "--to", "2026-12-10",
                                                 "--time-zone", "Europe/Berlin", "--format", "json"])
        let document = try JSONSerialization.jsonObject(with: Data(withHours.stdout.utf8)) as? [String: Any] ?? [:]
        #expect(document["timeZone"] as? String == "Europe/Berlin")
        let day = (document["days"] as? [[String: Any]])?.first ?? [:]
        let intervals = day["intervals"] as? [[String: Any]] ?? []
        #expect(intervals.map { $0["from"] as? String } == ["2026-12-10T00:00:00+01:00", "2026-12-10T18:00:00+01:00"])
        #expect(intervals.map { $0["to"] as? String } == ["2026-12-10T08:00:00+01:00", "2026-12-11T00:00:00+01:00"])
        #expect(intervals.map { $0["reason"] as? String } == ["outside deploy hours", "outside deploy hours"])
        let without = try CalpolicyBinary.run(["eval", freeze, "--from", "2026-12-11", "--to", "2026-12-11", "--format", "json"])
        #expect(!without.stdout.contains("intervals") && !without.stdout.contains("timeZone"))
    }

    @Test func textCalendarMarksPartlyClosedDays() throws {
        let result = try CalpolicyBinary.run(["eval", "\(fixtures)/weekly_hours.lua", "--month", "2026-06",
                                              "--time-zone", "America/New_York"])
        #expect(result.stdout.contains(" 5%"))
        #expect(result.stdout.contains("% partly closed"))
        #expect(result.stdout.contains("% 2026-06-05 Fri  closed 15:00–24:00: no Friday-afternoon deploys"))
    }

    @Test func explainShowsHoursAndTheirZone() throws {
        let result = try CalpolicyBinary.run(["explain", "\(fixtures)/weekly_hours.lua", "2026-06-05"])
        #expect(result.stdout.contains("hoursFor       closed 15:00–24:00 'no Friday-afternoon deploys' (America/New_York)"))
        #expect(result.stdout.contains("weekly_hours.lua:6"))
    }

    @Test func nyseEarlyCloseIsAClosingFrom1300NewYorkTime() throws {
        let before = try CalpolicyBinary.run(["gate", "holidays:XNYS", "--at", "2026-11-27T12:59:00-05:00"])
        #expect(before.status == 0)
        #expect(before.stdout == "open until 2026-11-27T18:00:00+00:00 (then closed)\n")
        let after = try CalpolicyBinary.run(["gate", "holidays:XNYS", "--at", "2026-11-27T13:00:00-05:00",
                                             "--time-zone", "America/New_York"])
        #expect(after.status == 1)
        #expect(after.stdout == "closed until 2026-11-28T00:00:00-05:00 — Day after Thanksgiving Day "
            + "(markets close at 1:00pm) (holidays:XNYS)\n")
    }

    @Test func exportsRefuseMoreThanTwelveMonths() throws {
        let result = try CalpolicyBinary.run(["export", "argocd-sync-windows", freeze, "--from", "2026-12-01",
                                              "--to", "2027-12-01"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("at most the 12 months from --from"))
        #expect(result.stderr.contains("the last day is 2027-11-30"))
    }

    @Test func argoCDWindowsAreUTCWithExactDurations() throws {
        let result = try CalpolicyBinary.run(["export", "argocd-sync-windows", "\(fixtures)/one_off.lua",
                                              "--from", "2026-10-01", "--to", "2026-10-31"])
        #expect(result.status == 0, "\(result.stderr)")
        // Sydney 01:30–03:00 on its spring-forward day (02:00 → 03:00) lasts 30 minutes.
        #expect(result.stdout.contains("  schedule: \"30 15 3 10 *\"\n  duration: 30m\n  timeZone: UTC\n"))
        #expect(result.stdout.contains("# regenerate-by: 2026-10-31"))
    }
}
