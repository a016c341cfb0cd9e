import Foundation
import Testing

/// `snapshot`, `diff`, `explain` and `test` take eval's `--calendar`, `--locale`, `--include`,
/// `--min` and `--max`, with the same meaning.
@Suite struct EvaluationOptionsEndToEndTests {
    private let allowsEveryDay = "return { canSelect = function(day) return true end }\n"
    /// Denies the first day of every month of the displayed calendar.
    private let deniesFirstDays = """
        return { canSelect = function(day)
            if day.calendar.day == 1 then return false, "first of the month" end
            return true
        end }

        """

    @Test func everyEvaluatingCommandListsTheSharedOptions() throws {
        for command in ["eval", "snapshot", "diff", "explain", "test"] {
            let result = try CalpolicyBinary.run([command, "--help"])
            #expect(result.status == 0)
            for option in ["--calendar <NAME>", "--locale <ID>", "--include <all|weekdays|weekends>",
                           "--min <YYYY-MM-DD>", "--max <YYYY-MM-DD>"] {
                #expect(result.stdout.contains(option), "\(command) \(option)")
            }
        }
    }

    @Test func snapshotStacksTheBuiltInPolicies() throws {
        let files = try TemporaryFiles()
        let policy = try files.write("open.lua", allowsEveryDay)
        let result = try CalpolicyBinary.run(["snapshot", policy, "--from", "2026-12-04", "--to", "2026-12-05",
                                              "--include", "weekdays"])
        #expect(result.status == 0, "\(result.stderr)")
        let saturday = result.stdout.split(separator: "\n").first { $0.contains("\"date\": \"2026-12-05\"") } ?? ""
        #expect(saturday.contains("\"selectable\": false"))
        #expect(saturday.contains("only weekdays may be selected"))
        let friday = result.stdout.split(separator: "\n").first { $0.contains("\"date\": \"2026-12-04\"") } ?? ""
        #expect(friday.contains("\"selectable\": true"))
    }

    @Test func diffAsksInTheChosenCalendar() throws {
        let files = try TemporaryFiles()
        let old = try files.write("old.lua", allowsEveryDay)
        let new = try files.write("new.lua", deniesFirstDays)
        let span = ["--from", "2026-12-01", "--to", "2026-12-31", "--today", "2026-12-01"]
        let gregorian = try CalpolicyBinary.run(["diff", old, new] + span)
        #expect(gregorian.status == 1)
        #expect(gregorian.stdout.contains("2026-12-01 Tue: selectable → denied 'first of the month'"))
        let hebrew = try CalpolicyBinary.run(["diff", old, new, "--calendar", "hebrew"] + span)
        #expect(hebrew.status == 1)
        #expect(!hebrew.stdout.contains("2026-12-01 Tue"))
        #expect(hebrew.stdout.contains("2026-12-11 Fri: selectable → denied 'first of the month'"))
        let bounded = try CalpolicyBinary.run(["diff", old, new, "--min", "2026-12-02"] + span)
        #expect(bounded.stdout.contains("2026-12-01 Tue: denied '2026-12-01 is before the earliest selectable day "
            + "2026-12-02' → denied 'first of the month'"))
    }

    @Test func explainListsBuiltInsAfterThePoliciesInTheLocale() throws {
        let files = try TemporaryFiles()
        let policy = try files.write("open.lua", allowsEveryDay)
        let result = try CalpolicyBinary.run(["explain", policy, "2026-12-26", "--include", "weekdays",
                                              "--max", "2026-12-20", "--locale", "de_DE", "--today", "2026-12-01"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "2026-12-26 (Samstag)")
        #expect(lines.contains("2. include-days"))
        #expect(lines.contains("3. bounds"))
        #expect(lines.last == "result: denied by include-days at -")
    }

    @Test func testAppliesTheBuiltInsAndCalendarToEveryTestFile() throws {
        let files = try TemporaryFiles()
        _ = try files.write("open.lua", deniesFirstDays)
        _ = try files.write("open_test.lua", """
            test.policies { "open.lua" }
            test.today "2026-12-01"
            test("weekends and the first day are closed", function()
                expect.denied("2026-12-05")
                expect.denied("2026-12-11", "first of the month")
            end)

            """)
        let plain = try CalpolicyBinary.run(["test", files.directory.path])
        #expect(plain.status == 1)
        let options = try CalpolicyBinary.run(["test", files.directory.path, "--include", "weekdays",
                                               "--calendar", "hebrew"])
        #expect(options.status == 0, "\(options.stdout)")
        #expect(RegressionFixtures.lastLine(options.stdout) == "1 passed, 0 failed")
    }

    @Test func badSharedOptionValuesAreUsageErrors() throws {
        let policy = CalpolicyBinary.packageRoot.appendingPathComponent("policies/weekends.lua").path
        for command in [["snapshot", policy, "--year", "2026"], ["diff", policy, policy],
                        ["explain", policy, "2026-12-01"], ["test", RegressionFixtures.shippedPolicies]] {
            let result = try CalpolicyBinary.run(command + ["--calendar", "julian"])
            #expect(result.status == 2, "\(command)")
            #expect(result.stderr.hasPrefix("calpolicy: invalid value 'julian' for '--calendar <NAME>'"), "\(command)")
        }
    }
}
