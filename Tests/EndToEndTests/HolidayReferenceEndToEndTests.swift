import Foundation
import Testing

/// `holidays:`/`weekends:` references in every command that takes policies, and `cal.holidays`
/// from a policy file, through the built binary and the committed data/holidays.
@Suite struct HolidayReferenceEndToEndTests {
    private let weekends = CalpolicyBinary.packageRoot.appendingPathComponent("policies/weekends.lua").path

    @Test func checkAcceptsReferencesAndKeepsThemGreen() throws {
        let result = try CalpolicyBinary.run(["check", "holidays:DE-BE", "weekends:AE", weekends, "--today", "2026-12-01"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(lines[0].hasPrefix("holidays:DE-BE: ok ("))
        #expect(lines[1].hasPrefix("weekends:AE: ok ("))
        let bad = try CalpolicyBinary.run(["check", "holidays:DE-BX"])
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("holidays:DE-BX") && bad.stderr.contains("did you mean"))
    }

    /// `@ZONE` gives a reference its office's zone: Christmas in New York closes from New York's
    /// midnight to New York's midnight, whatever the stack's zone (Berlin here).
    @Test(arguments: [
        ("holidays:US-NY", "2026-12-25T03:00:00Z", 1),                     // Berlin's Christmas: closed
        ("holidays:US-NY@America/New_York", "2026-12-25T03:00:00Z", 0),    // 24 Dec 22:00 in New York: open
        ("holidays:US-NY@America/New_York", "2026-12-25T05:00:00Z", 1),    // 25 Dec 00:00 in New York: closed
        ("holidays:US-NY@America/New_York", "2026-12-26T04:59:59Z", 1),    // 25 Dec 23:59:59 in New York
        ("holidays:US-NY@America/New_York", "2026-12-26T05:00:00Z", 0),    // 26 Dec in New York: open
        ("weekends:AE", "2026-12-06T20:30:00Z", 1),                        // Sunday 21:30 in Berlin: weekend
        ("weekends:AE@Asia/Dubai", "2026-12-06T20:30:00Z", 0),             // Monday 00:30 in Dubai: a workday
    ])
    func aReferenceWithAZoneClosesItsDaysInThatZone(reference: String, at: String, status: Int32) throws {
        let result = try CalpolicyBinary.run(["gate", reference, "--at", at, "--time-zone", "Europe/Berlin"])
        #expect(result.status == status, "\(result.stdout) \(result.stderr)")
    }

    @Test func anUnknownZoneAfterTheAtIsOneLineWithDidYouMean() throws {
        let result = try CalpolicyBinary.run(["gate", "holidays:US-NY@America/New_Yrok", "--at", "2026-12-25T03:00:00Z"])
        #expect(result.status == 2)
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(result.stderr.contains("did you mean 'America/New_York'"), "\(result.stderr)")
    }

    @Test func explainShowsTheHolidayPolicysAnswerInStackOrder() throws {
        let result = try CalpolicyBinary.run(["explain", weekends, "holidays:DE-BE", "2027-10-04", "--today", "2026-12-01"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("2. holidays:DE-BE"))
        let unity = try CalpolicyBinary.run(["explain", "holidays:DE-BE", weekends, "2027-10-03", "--today", "2026-12-01"])
        #expect(unity.status == 0, "\(unity.stderr)")
        #expect(unity.stdout.contains("1. holidays:DE-BE"))
        #expect(unity.stdout.contains("denied 'German Unity Day (Tag der Deutschen Einheit)'"))
        #expect(unity.stdout.contains("result: denied by holidays:DE-BE"))
    }

    @Test func diffComparesAReferenceWithAFile() throws {
        let result = try CalpolicyBinary.run(["diff", "holidays:US:government",
                                              CalpolicyBinary.packageRoot.appendingPathComponent("policies/us-federal-holidays.lua").path,
                                              "--year", "2027", "--today", "2026-12-01"])
        // Same holidays, different wording of some names: a difference is exit 1, a failure would be 2 or 3.
        #expect(result.status == 0 || result.status == 1, "\(result.stderr)")
        #expect(!result.stderr.contains("no such file"))
    }

    @Test func snapshotAndTestTakeReferences() throws {
        let files = try TemporaryFiles()
        let snapshot = try CalpolicyBinary.run(["snapshot", "holidays:GB-ENG", "--month", "2027-12", "--today", "2026-12-01"])
        #expect(snapshot.status == 0, "\(snapshot.stderr)")
        #expect(snapshot.stdout.contains("holidays:GB-ENG"))
        #expect(snapshot.stdout.contains("Christmas Day"))
        _ = try files.write("stack_test.lua", """
            test.policies { "holidays:GB-ENG" }
            test.today "2026-12-01"
            test("Christmas is a bank holiday", function()
              expect.denied("2027-12-27")
              expect.selectable("2027-12-29")
            end)
            """)
        let test = try CalpolicyBinary.run(["test", files.directory.path])
        #expect(test.status == 0, "\(test.stdout)\(test.stderr)")
    }

    @Test func aPolicyFileReadsTheDataThroughCalHolidays() throws {
        let files = try TemporaryFiles()
        let path = try files.write("berlin.lua", """
            local h = cal.holidays("DE-BE", { categories = { "public" }, language = "de" })
            return {
              canSelect = function(day)
                local found = h:on(day)
                if #found > 0 then return false, found[1].name end
                return not cal.weekend("DE", day), "weekend"
              end,
            }
            """)
        let result = try CalpolicyBinary.run(["eval", path, "--from", "2027-10-01", "--to", "2027-10-04",
                                              "--format", "csv", "--today", "2026-12-01"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("2027-10-03,2027,10,3,1,false,true,Tag der Deutschen Einheit"))
        #expect(result.stdout.contains("2027-10-02,2027,10,2,7,false,true,weekend"))
        #expect(result.stdout.contains("2027-10-04,2027,10,4,2,true"))
        let bad = try files.write("bad.lua", "local h = cal.holidays(\"DE\", { categories = { \"publik\" } })\nreturn {}\n")
        let error = try CalpolicyBinary.run(["eval", bad, "--month", "2027-10"])
        #expect(error.status == 3)
        #expect(error.stderr.hasPrefix("calpolicy: \(bad):1: cal.holidays: unknown category 'publik' for DE; did you mean 'public'?"))
    }
}

/// `check --horizon`: every policy whose data or declared coverage ends too early, and the
/// estimated dates of a reference's coming year.
@Suite struct CheckHorizonEndToEndTests {
    private let freeze = CalpolicyBinary.packageRoot.appendingPathComponent("policies/change-freeze.lua").path

    @Test func aHorizonPastTheDataFailsNamingEachPolicy() throws {
        let result = try CalpolicyBinary.run(["check", freeze, "holidays:IN", "holidays:DE",
                                              "--today", "2026-12-01", "--horizon", "2036-06-30"])
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stdout.contains("\(freeze): its coverage ends 2027-12-31, before the horizon 2036-06-30"))
        #expect(result.stdout.contains("holidays:IN: its data ends 2035-12-31, before the horizon 2036-06-30"))
        #expect(!result.stdout.contains("holidays:DE: its data ends"))
        let within = try CalpolicyBinary.run(["check", freeze, "holidays:DE", "--today", "2026-12-01",
                                              "--horizon", "2027-12-31"])
        #expect(within.status == 0, "\(within.stdout)\(within.stderr)")
    }

    @Test func estimatedDatesOfTheComingYearAreListed() throws {
        let result = try CalpolicyBinary.run(["check", "holidays:AE", "--today", "2026-12-01"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("holidays:AE: estimated in the coming year: 2027-03-09 Eid al-Fitr (estimated)"))
    }

    @Test func aBadCoverageStopsTheLoad() throws {
        let files = try TemporaryFiles()
        let path = try files.write("bad.lua", "return { coverage = { to = \"2027-02-30\" }, canSelect = function() return true end }\n")
        let result = try CalpolicyBinary.run(["eval", path, "--month", "2027-01"])
        #expect(result.status == 3)
        #expect(result.stderr.contains("policy field 'coverage.to' must be a date 'YYYY-MM-DD', got '2027-02-30'"))
        let typo = try files.write("typo.lua", "return { coverag = { to = \"2027-02-01\" }, canSelect = function() return true end }\n")
        let typoResult = try CalpolicyBinary.run(["eval", typo, "--month", "2027-01"])
        #expect(typoResult.status == 3)
        #expect(typoResult.stderr.contains("'coverage'"))
    }
}

/// Observed and estimated holidays marked in eval JSON, the iCalendar DESCRIPTION and explain;
/// a Lua policy's decoration never carries the fields.
@Suite struct ObservedHolidayEndToEndTests {
    private func run(_ arguments: [String]) throws -> String {
        let result = try CalpolicyBinary.run(arguments + ["--today", "2026-12-01"])
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout
    }

    @Test func jsonMarksObservedAndEstimatedDays() throws {
        let observed = try run(["eval", "holidays:US", "--from", "2026-07-03", "--to", "2026-07-04", "--format", "json"])
        #expect(observed.contains(#""size": "medium", "observedOf": "2026-07-04"}"#))
        #expect(observed.components(separatedBy: "observedOf").count == 2)  // the 4th itself is no observed day
        let estimated = try run(["eval", "holidays:AE", "--from", "2027-03-09", "--to", "2027-03-09", "--format", "json"])
        #expect(estimated.contains(#""estimated": true}"#))
        let lua = try run(["eval", CalpolicyBinary.packageRoot.appendingPathComponent("policies/us-federal-holidays.lua").path,
                           "--from", "2026-07-03", "--to", "2026-07-03", "--format", "json"])
        #expect(!lua.contains("observedOf") && !lua.contains("estimated"))
    }

    /// CSV says it too, in its own columns, on the fast path (plain rows) and the field-wise one
    /// (a stack with hours) alike.
    @Test(arguments: [[String](), ["--time-zone", "Europe/Berlin"]])
    func csvHasObservedOfAndEstimatedColumns(extra: [String]) throws {
        let hours = CalpolicyBinary.packageRoot.appendingPathComponent("Tests/fixtures/hours/year_end_freeze.lua").path
        let stack = extra.isEmpty ? ["holidays:US"] : ["holidays:US", hours]
        let csv = try run(["eval"] + stack + ["--from", "2026-07-02", "--to", "2026-07-04", "--format", "csv"] + extra)
        let rows = csv.split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        let header = rows[0]
        let observed = try #require(header.firstIndex(of: "observed_of")), estimated = try #require(header.firstIndex(of: "estimated"))
        #expect(estimated == observed + 1 && header[observed - 1] == "decoration_policy")
        #expect(rows.count == 4 && rows.allSatisfy { $0.count == header.count }, "\(rows)")
        #expect(rows[1][observed] == "" && rows[2][observed] == "2026-07-04" && rows[3][observed] == "")
        #expect(rows[1...].allSatisfy { $0[estimated] == "" })
        let india = try run(["eval", "holidays:IN", "--from", "2035-01-01", "--to", "2035-12-31", "--format", "csv"] + extra)
        #expect(india.split(separator: "\n").contains { $0.hasSuffix(",true") && $0.contains("(estimated)") }, "\(india.prefix(400))")
    }

    @Test func icsAndExplainSayIt() throws {
        let ics = try run(["eval", "holidays:US", "--from", "2026-07-03", "--to", "2026-07-03", "--format", "ics"])
        #expect(ics.replacingOccurrences(of: "\r\n ", with: "").contains(#"\nObserved for: 2026-07-04"#))
        let explain = try run(["explain", "holidays:US", "2026-07-03"])
        #expect(explain.contains("default 'Independence Day (observed)' (observed for 2026-07-04)"))
    }
}
