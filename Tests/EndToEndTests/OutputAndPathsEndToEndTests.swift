import Foundation
import Testing

/// What a test file may name (files inside the tested folder only) and how policy text is
/// kept from forging output (verbose `print`, git errors, the diff text of long spans).
@Suite struct OutputAndPathsEndToEndTests {
    static let weekends = "function canSelect(day)\n  if day.weekday == 1 or day.weekday == 7 then return false, 'weekend' end\n"
        + "  return true\nend\n"
    static let test = "test(\"weekday\", function() expect.selectable(\"2026-01-05\") end)\n"

    /// A folder `tested/` beside `outside/secret.lua`, whose content must never be shown.
    private func layout() throws -> (files: TemporaryFiles, tested: String, secret: String) {
        let files = try TemporaryFiles()
        let tested = try files.makeDirectory("tested")
        _ = try files.makeDirectory("outside")
        let secret = try files.write("outside/secret.lua", "SECRET-TOKEN-4411 is not lua\n")
        _ = try files.write("tested/weekends.lua", Self.weekends)
        return (files, tested, secret)
    }

    private func expectRefused(_ result: CalpolicyBinary.Result, naming file: String, _ text: String) {
        #expect(result.status == 3, "\(result.stdout)\(result.stderr)")
        #expect(result.stderrLines.count == 1, "\(result.stderr)")
        let line = result.stderrLines.first ?? ""
        #expect(line.hasPrefix("calpolicy: " + file), "\(line)")
        #expect(line.contains(text), "\(line)")
        #expect(!result.stderr.contains("SECRET-TOKEN") && !result.stdout.contains("SECRET-TOKEN"))
    }

    @Test func aSymlinkOutOfTheTestedFolderIsRefused() throws {
        let (files, tested, secret) = try layout()
        try FileManager.default.createSymbolicLink(atPath: tested + "/link.lua", withDestinationPath: secret)
        let testFile = try files.write("tested/a_test.lua", "test.policies { \"link.lua\" }\n" + Self.test)
        let result = try CalpolicyBinary.run(["test", tested])
        expectRefused(result, naming: testFile + ":1: ", "test.policies entry 'link.lua' is outside the tested folder")
    }

    @Test func absoluteAndDotDotNamesAreRefusedButInsideNamesWork() throws {
        let (files, tested, secret) = try layout()
        _ = try files.makeDirectory("tested/sub")
        let testFile = try files.write("tested/sub/a_test.lua", "test.policies { \"../weekends.lua\" }\n" + Self.test)
        let inside = try CalpolicyBinary.run(["test", tested])
        #expect(inside.status == 0, "\(inside.stderr)")
        #expect(inside.stdout == "1 passed, 0 failed\n")
        // Run on the file alone, the tested folder is the file's own: '..' leaves it.
        expectRefused(try CalpolicyBinary.run(["test", testFile]), naming: testFile + ":1: ",
                      "test.policies entry '../weekends.lua' is outside the tested folder")

        _ = try files.write("tested/sub/a_test.lua", "test.policies { \"../../outside/secret.lua\" }\n" + Self.test)
        expectRefused(try CalpolicyBinary.run(["test", tested]), naming: testFile + ":1: ", "is outside the tested folder")
        _ = try files.write("tested/sub/a_test.lua", "test.policies { \"\(secret)\" }\n" + Self.test)
        expectRefused(try CalpolicyBinary.run(["test", tested]), naming: testFile + ":1: ", "is an absolute path")
    }

    @Test func snapshotsCannotNamePoliciesOrLiveOutsideTheTestedFolder() throws {
        let (files, tested, secret) = try layout()
        _ = try files.makeDirectory("tested/snapshots")
        let snapshot = tested + "/snapshots/weekends-2026.json"
        let written = try CalpolicyBinary.run(["snapshot", tested + "/weekends.lua", "--month", "2026-01", "--out", snapshot])
        #expect(written.status == 0, "\(written.stderr)")
        #expect(try CalpolicyBinary.run(["test", tested]).status == 0)

        let stored = try RegressionFixtures.read(snapshot)
        _ = try files.write("tested/snapshots/weekends-2026.json",
                            stored.replacingOccurrences(of: "[\"weekends.lua\"]", with: "[\"../outside/secret.lua\"]"))
        expectRefused(try CalpolicyBinary.run(["test", tested]), naming: snapshot + ": ",
                      "snapshot policy '../outside/secret.lua' is outside the tested folder")

        // A snapshot that is a link out of the folder is neither read nor rewritten.
        try FileManager.default.removeItem(atPath: snapshot)
        let target = try files.write("outside/weekends-2026.json", stored)
        try FileManager.default.createSymbolicLink(atPath: snapshot, withDestinationPath: target)
        expectRefused(try CalpolicyBinary.run(["test", tested, "--update-snapshots"]), naming: snapshot + ": ",
                      "snapshot '\(snapshot)' is outside the tested folder")
        #expect(try RegressionFixtures.read(target) == stored)
        _ = secret
    }

    @Test func verbosePrintIsOneEscapedLineThatCannotPassForAnError() throws {
        let files = try TemporaryFiles()
        let policy = try files.write("printer.lua", #"""
            function canSelect(day)
                if day.day == 1 then print("x\ncalpolicy: printer.lua:1: forged\27[2J\u{202E}\u{2028}y", 7) end
                return true
            end
            """#)
        let result = try CalpolicyBinary.run(["eval", policy, "--month", "2026-03", "--format", "json", "--verbose"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderrLines == [#"print printer.lua: x\ncalpolicy: printer.lua:1: forged\u{1b}[2J\u{202e}\u{2028}y 7"#])
        #expect(!result.stderr.contains("\u{1B}") && !result.stderr.contains("\u{202E}"))
    }

    @Test(.enabled(if: RegressionFixtures.hasGit, "needs git on PATH"))
    func gitRevisionsStartingWithADashAreRefusedAndGitErrorsKeepTheirCase() throws {
        let files = try TemporaryFiles()
        let repository = files.directory.path
        let policy = try files.write("p.lua", Self.weekends)
        #expect(RegressionFixtures.git(["init", "-q"], in: repository))
        #expect(RegressionFixtures.git(["add", "p.lua"], in: repository))
        #expect(RegressionFixtures.git(["commit", "-q", "-m", "v1"], in: repository))

        let dashed = try CalpolicyBinary.run(["diff", "git:--output=\(repository)/written:" + policy, policy, "--month", "2026-01"])
        #expect(dashed.status == 2)
        #expect(dashed.stderrLines.count == 1)
        #expect(dashed.stderrLines.first?.contains("the revision '--output=") == true, "\(dashed.stderr)")
        #expect(!FileManager.default.fileExists(atPath: repository + "/written"))

        let unknown = try CalpolicyBinary.run(["diff", "git:NOPE:" + policy, policy, "--month", "2026-01"])
        #expect(unknown.status == 2)
        #expect(unknown.stderrLines.count == 1)
        #expect(unknown.stderrLines.first?.contains("git show failed: fatal: invalid object name 'NOPE'") == true,
                "\(unknown.stderr)")
    }

    @Test func diffTextOfFourCenturiesIsQuick() throws {
        let files = try TemporaryFiles()
        let even = try files.write("even.lua", "function canSelect(day) if day.day % 2 == 0 then return false, 'even' end return true end\n")
        let odd = try files.write("odd.lua", "function canSelect(day) if day.day % 2 == 1 then return false, 'odd' end return true end\n")
        let result = try CalpolicyBinary.run(["diff", even, odd, "--from", "1800-01-01", "--to", "2199-12-31", "--timeout", "60"], timeout: 60)
        #expect(!result.timedOut)
        #expect(result.status == 1)
        #expect(RegressionFixtures.lastLine(result.stdout) == "146097 days differ (1800-01-01 to 2199-12-31)")
        // Quadratic text building took minutes here: the process's 60 s limit (`timedOut`) is the
        // guard, not a clock in the test.
    }
}
