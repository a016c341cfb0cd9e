import Foundation
import Testing

/// An error raised inside a policy test is reported at the line of the failing call, with
/// its whole message, in the text report and in JUnit.
@Suite struct TestErrorReportEndToEndTests {
    /// 700 bytes of words ending in "END": cut anywhere, the end is missing.
    static let longWords = String(repeating: "word ", count: 139) + "END"

    private func write(_ files: TemporaryFiles) throws -> String {
        _ = try files.write("p.lua", """
            return {
              canSelect = function(day)
                if day.iso == "2026-01-05" then error(string.rep("word ", 139) .. "END") end
                return true
              end,
            }
            """)
        return try files.write("long_test.lua", """
            test.policies { "p.lua" }
            test("a long error from Lua", function()
              local words = string.rep("word ", 139) .. "END"
              error(words)
            end)
            test("a long error raised in C", function()
              expect.selectable("2026-01-01")
              collectgarbage(string.rep("word ", 139) .. "END")
            end)
            test("a long policy error", function()
              expect.selectable("2026-01-05")
            end)
            """)
    }

    @Test func textReportHasTheWholeMessageAtTheFailingLine() throws {
        let files = try TemporaryFiles()
        let file = try write(files)
        let result = try CalpolicyBinary.run(["test", file], environment: ["NO_COLOR": "1"])
        #expect(result.status == 1, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 4)
        #expect(lines[0] == "\(file):4: test 'a long error from Lua': expected the test to run without errors, "
            + "got error: " + Self.longWords)
        #expect(lines[1] == "\(file):8: test 'a long error raised in C': expected the test to run without "
            + "errors, got error: collectgarbage('" + Self.longWords + "') is not available in policies; only 'count'")
        #expect(lines[2].hasPrefix("\(file):11: test 'a long policy error': expected no policy error"))
        #expect(lines[2].hasSuffix(Self.longWords + " (in canSelect for 2026-01-05)"))
        #expect(lines[0].utf8.count > 600)
        #expect(lines.last == "0 passed, 3 failed")
    }

    @Test func junitHasTheWholeMessageAndTheLine() throws {
        let files = try TemporaryFiles()
        let file = try write(files)
        let result = try CalpolicyBinary.run(["test", file, "--format", "junit"], environment: ["NO_COLOR": "1"])
        #expect(result.status == 1)
        #expect(result.stdout.contains("message=\"expected the test to run without errors, got error: "
            + Self.longWords + "\""))
        #expect(result.stdout.contains(">\(file):4: expected the test to run without errors, got error: "
            + Self.longWords + "</failure>"))
        #expect(result.stdout.contains(Self.longWords + " (in canSelect for 2026-01-05)"))
    }

    @Test func aLongErrorWhileLoadingATestFileIsWhole() throws {
        let files = try TemporaryFiles()
        let file = try files.write("top_test.lua", "local s = string.rep('word ', 139) .. 'END'\nerror(s .. s)\n")
        let result = try CalpolicyBinary.run(["test", file], environment: ["NO_COLOR": "1"])
        #expect(result.status == 3)
        #expect(result.stderrLines.count == 1)
        #expect(result.stderr.hasSuffix(Self.longWords + Self.longWords + "\n"))
    }
}
