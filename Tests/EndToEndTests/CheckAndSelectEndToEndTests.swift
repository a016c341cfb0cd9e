import Foundation
import Testing

/// A policy that allows every day.
private let allowsEveryDay = "return { canSelect = function(day) return true end }\n"

/// Writes each (name, source) to one fresh temporary folder and runs `calpolicy check`
/// on them in that order; returns their paths and what the run printed.
private func check(writing sources: [(String, String)]) throws -> (paths: [String], result: CalpolicyBinary.Result) {
    let files = try TemporaryFiles()
    let paths = try sources.map { try files.write($0.0, $0.1) }
    return (paths, try CalpolicyBinary.run(["check"] + paths))
}

/// `check` and `select` with Lua policies.
@Suite struct CheckAndSelectEndToEndTests {
    @Test func checkPassesTheShippedPolicies() throws {
        let directory = CalpolicyBinary.packageRoot.appendingPathComponent("policies")
        let names = ["weekends.lua", "us-federal-holidays.lua", "uk-bank-holidays.lua"]
        let paths = names.map { directory.appendingPathComponent($0).path }
        let result = try CalpolicyBinary.run(["check"] + paths)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines.allSatisfy { $0.contains(": ok (") && $0.contains("instruction budget") })
    }

    /// `check --context` asks the edge days as that question would: a policy failing only for
    /// production fails the check under that context, and passes without it or for staging.
    @Test func checkAsksWithTheContextGiven() throws {
        let files = try TemporaryFiles()
        let path = try files.write("prod.lua", """
            return {
              scope = { environment = "production" },
              canSelect = function(day, selection, context)
                if context.environment == "production" then error("prod broke") end
                return true
              end,
            }
            """)
        for (extra, status) in [([String](), Int32(0)), (["--context", "environment=staging"], 0),
                                (["--context", "environment=production"], 3)] {
            let result = try CalpolicyBinary.run(["check", path, "--today", "2026-12-01"] + extra)
            #expect(result.status == status, "\(extra): \(result.stderr)")
        }
        let typo = try CalpolicyBinary.run(["check", path, "--context", "enviroment=production"])
        #expect(typo.status == 2 && typo.stderr.contains("did you mean 'environment'?"))
    }

    /// `check` asks `hoursFor` too: on every edge day (the DST changes of March 2026 among them)
    /// and on every day of the year from today, so a freeze in hours that fails on one day fails.
    @Test(arguments: [("2026-03-29", "2026-01-15"), ("2026-12-24", "2026-12-01"), ("2027-07-04", "2026-12-01")])
    func checkFindsAnHoursForThatFailsOnOneDay(failing: String, today: String) throws {
        let files = try TemporaryFiles()
        let path = try files.write("hours.lua", """
            return {
                zone = "Europe/Berlin",
                hoursFor = function(day)
                    if day.iso == "\(failing)" then error("no hours for this day") end
                    return { cal.closed("18:00", "24:00", "evening") }
                end,
            }
            """)
        let result = try CalpolicyBinary.run(["check", path, "--today", today])
        #expect(result.status == 3, "\(result.stdout) \(result.stderr)")
        #expect(result.stderr.contains("hours.lua:4"), "\(result.stderr)")
        #expect(result.stderr.contains("hoursFor") && result.stderr.contains(failing), "\(result.stderr)")
        #expect(result.stdout.contains("hours.lua: 1 problem"), "\(result.stdout)")
        // The same policy without the failing day passes, and says it asked hoursFor.
        let clean = try files.write("clean.lua", """
            return { zone = "Europe/Berlin", hoursFor = function(day) return { cal.closed("18:00", "24:00") } end }
            """)
        let passing = try CalpolicyBinary.run(["check", clean, "--today", today])
        #expect(passing.status == 0, "\(passing.stderr)")
    }

    @Test func checkFindsLeapDayAndLeapMonthProblems() throws {
        let files = try TemporaryFiles()
        let path = try files.write("edge.lua", """
            return {
                canSelect = function(day)
                    if day.iso == "2024-02-29" then error("no leap days here") end
                    return true
                end,
                decorationFor = function(day)
                    if day.calendar.isLeapMonth then return { label = 5 } end
                end,
            }
            """)
        let result = try CalpolicyBinary.run(["check", path])
        #expect(result.status == 3)
        let lines = result.stderrLines
        #expect(lines.count == 2)
        #expect(lines.contains { $0.hasPrefix("calpolicy: \(path):3: no leap days here") && $0.contains("2024-02-29") })
        #expect(lines.contains { $0.contains("decoration label must be a string") && $0.contains("calendar hebrew") })
        #expect(result.stdout.hasPrefix("\(path): 2 problems"))
    }

    @Test func checkReportsALoadFailureAndGoesOn() throws {
        let (paths, result) = try check(writing: [("broken.lua", "return {\n"), ("good.lua", allowsEveryDay)])
        let (broken, good) = (paths[0], paths[1])
        #expect(result.status == 3)
        #expect(result.stderrLines.count == 1)
        #expect(result.stdout.contains("\(broken): cannot load"))
        #expect(result.stdout.contains("\(good): ok"))
    }

    @Test func selectRangeMayNotCrossAHoliday() throws {
        let policy = CalpolicyBinary.packageRoot.appendingPathComponent("policies/us-federal-holidays.lua").path
        let crossing = try CalpolicyBinary.run(["select", policy, "--mode", "range", "--tap", "2026-12-21",
                                                "--tap", "2026-12-28", "--format", "json"])
        #expect(crossing.status == 1)
        let object = try JSONSerialization.jsonObject(with: Data(crossing.stdout.utf8)) as? [String: Any]
        let taps = object?["taps"] as? [[String: Any]] ?? []
        #expect(taps.count == 2)
        #expect(taps.last?["accepted"] as? Bool == false)
        #expect(taps.last?["deniedDay"] as? String == "2026-12-25")
        #expect(taps.last?["policy"] as? String == policy) // the path as given, as eval JSON names it
        #expect((object?["selection"] as? [String])?.isEmpty == true)

        let clear = try CalpolicyBinary.run(["select", policy, "--mode", "range", "--tap", "2026-12-28",
                                             "--tap", "2026-12-30"])
        #expect(clear.status == 0)
        #expect(clear.stdout.hasSuffix("selection (range): 2026-12-28...2026-12-30 (3 days)\n"))
    }

    @Test func selectPolicyErrorIsExitThree() throws {
        let files = try TemporaryFiles()
        let path = try files.write("p.lua", "return { canSelect = function(day) error('nope') end }\n")
        let result = try CalpolicyBinary.run(["select", path, "--mode", "single", "--tap", "2026-01-05"])
        #expect(result.status == 3)
        #expect(result.stderrLines.count == 1)
        #expect(result.stderr.hasPrefix("calpolicy: \(path):1: nope"))
    }
}

@Suite struct CheckGlobTests {
    @Test func testFilesBesideThePoliciesAreSkipped() throws {
        let (paths, result) = try check(writing: [("good.lua", allowsEveryDay),
                                                  ("good_test.lua", "test.policies { 'good.lua' }\n")])
        let test = paths[1]
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        #expect(result.stdout.contains("\(test): skipped (a policy test file; run it with 'calpolicy test')"))
    }
}

/// A tap that takes its day out of the selection says so.
@Suite struct SelectDeselectWordingEndToEndTests {
    @Test func aReTapInMultipleModeReadsDeselected() throws {
        let policy = CalpolicyBinary.packageRoot.appendingPathComponent("policies/weekends.lua").path
        let result = try CalpolicyBinary.run(["select", policy, "--mode", "multiple", "--tap", "2026-12-01", "--tap",
                                              "2026-12-02", "--tap", "2026-12-01", "--today", "2026-12-01"],
                                             environment: ["NO_COLOR": "1"])
        #expect(result.status == 0)
        #expect(result.stdout.split(separator: "\n").prefix(3).map(String.init)
            == ["2026-12-01  accepted", "2026-12-02  accepted", "2026-12-01  deselected"])
    }

    @Test func aTapInsideASelectedWeekThatClearsItReadsDeselected() throws {
        let policy = CalpolicyBinary.packageRoot.appendingPathComponent("policies/weekends.lua").path
        let result = try CalpolicyBinary.run(["select", policy, "--mode", "week", "--tap", "2026-12-16", "--tap",
                                              "2026-12-17", "--today", "2026-12-01"], environment: ["NO_COLOR": "1"])
        #expect(result.stdout.split(separator: "\n").dropFirst().first.map(String.init) == "2026-12-17  deselected")
    }
}

/// `--out` into a folder that does not exist yet creates it.
@Suite struct OutputFolderEndToEndTests {
    @Test func snapshotOutCreatesItsFolder() throws {
        let files = try TemporaryFiles()
        let target = files.directory.appendingPathComponent("new/deeper/us.json").path
        let policy = CalpolicyBinary.packageRoot.appendingPathComponent("policies/weekends.lua").path
        let result = try CalpolicyBinary.run(["snapshot", policy, "--year", "2026", "--out", target])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: target))
    }
}
