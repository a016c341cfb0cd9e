import CalendarCore
import Testing
@testable import PolicyEngine

/// The test harness with real Lua: expectations recorded in the sandbox, checked by the host.
@Suite struct PolicyTestRunnerTests {
    private static let policy = """
    return {
        canSelect = function(day)
            if day.weekday == 1 then return false, "closed on Sundays" end
            return true
        end,
        decorationFor = function(day)
            if day.day == 1 then return { kind = "image", image = "star", label = "first" } end
        end,
    }
    """

    private func run(_ test: String, options: PolicyTestOptions = .init()) throws -> PolicyTestReport {
        let fixture = PolicyFixture()
        fixture.write(Self.policy, name: "closed.lua")
        fixture.write(test, name: "closed_test.lua")
        return try PolicyTestRunner.run([fixture.directory], options: options)
    }

    @Test func passingExpectationsOfEveryKind() throws {
        let report = try run("""
        test.policies { "closed.lua" }
        test.today "2026-03-02"
        test("all kinds", function()
            expect.denied("2026-03-01", "Sundays")
            expect.selectable("2026-03-02")
            expect.deselectable("2026-03-01")
            expect.decoration("2026-03-01", { kind = "image", label = "first" })
            expect.noDecoration("2026-03-02")
            expect.select({ mode = "multiple", taps = { "2026-03-02", "2026-03-01" } },
                { "2026-03-02", rejected = { "2026-03-01" } })
            expect.equal(cal.today(), "2026-03-02")
            expect.truthy(cal.isLeapYear(2028))
        end)
        """)
        #expect(report.results.count == 1)
        #expect(report.failedCount == 0, "\(report.results)")
    }

    @Test func failuresCarryTheExpectLineExpectedAndActual() throws {
        let report = try run("""
        test.policies { "closed.lua" }
        test("wrong", function()
            expect.selectable("2026-03-02")
            expect.denied("2026-03-02")
            expect.decoration("2026-03-01", { label = "second" })
        end)
        """)
        let failures = report.results.first?.failures ?? []
        #expect(failures.map(\.line) == [4, 5])
        #expect(failures.first?.actual == "selectable")
        #expect(failures.last?.expected == "2026-03-01 decoration {label='second'}")
        #expect(failures.last?.actual == "decoration {kind='image', label='first', image='star'} from closed.lua")
    }

    @Test func tableDrivenCasesBecomeOneTestPerRow() throws {
        let report = try run("""
        test.policies { "closed.lua" }
        test.cases("sunday", { { "2026-03-01" }, { "2026-03-08" }, { "2026-03-09" } }, function(row)
            expect.denied(row[1])
        end)
        """)
        #expect(report.results.map(\.name) == ["sunday [2026-03-01]", "sunday [2026-03-08]", "sunday [2026-03-09]"])
        #expect(report.results.map(\.passed) == [true, true, false])
    }

    @Test func functionStyleTestsAndFilters() throws {
        let source = """
        test.policies { "closed.lua" }
        function test.mondayIsOpen() expect.selectable("2026-03-02") end
        function test.sundayIsClosed() expect.denied("2026-03-01") end
        """
        #expect(try run(source).results.map(\.name) == ["mondayIsOpen", "sundayIsClosed"])
        #expect(try run(source, options: PolicyTestOptions(filter: "sunday")).results.map(\.name) == ["sundayIsClosed"])
    }

    @Test func errorsAndEmptyTestsFailWithoutStoppingTheRun() throws {
        let report = try run("""
        test.policies { "closed.lua" }
        test("raises", function() error("boom") end)
        test("checks nothing", function() end)
        test("loops forever", function() while true do end end)
        test("after", function() expect.selectable("2026-03-02") end)
        """)
        #expect(report.results.map(\.passed) == [false, false, false, true])
        #expect(report.results[0].failures.first?.actual == "error: boom")
        #expect(report.results[0].failures.first?.line == 2)
        #expect(report.results[2].failures.first?.actual.hasPrefix("budget error") == true)
    }

    /// A file of plain Lua asserts (no `expect`, no policy) checks something: its tests pass,
    /// and a false assert still fails its test at its line.
    @Test func assertsAreChecksToo() throws {
        let report = try run("""
        test("leap years", function()
            assert(cal.isLeapYear(2028))
            assert(not cal.isLeapYear(2100), "2100 is not a leap year")
        end)
        test("a false assert", function()
            assert(cal.isLeapYear(2027), "2027 is no leap year")
        end)
        local outside = assert(true, "outside a test")
        """)
        #expect(report.results.map(\.passed) == [true, false], "\(report.results)")
        #expect(report.results[1].failures.first?.actual == "error: 2027 is no leap year")
        #expect(report.results[1].failures.first?.line == 6)
    }

    @Test func testFilesHaveNoIO() throws {
        let report = try run("""
        test.policies { "closed.lua" }
        test("io", function()
            local opened, message = pcall(function() return io.open("/etc/passwd") end)
            expect.equal(opened, false)
            expect.truthy(tostring(message):find("not available", 1, true))
            expect.equal(pcall(function() return os.execute("true") end), false)
        end)
        """)
        #expect(report.failedCount == 0, "\(report.results)")
    }

    @Test func aPolicyThatCannotLoadIsAPolicyError() {
        let fixture = PolicyFixture()
        fixture.write("return {", name: "bad.lua")
        fixture.write("test.policies { \"bad.lua\" }\ntest(\"x\", function() end)", name: "bad_test.lua")
        let error = PolicyFixture.error { _ = try PolicyTestRunner.run([fixture.directory]) }
        #expect(error?.kind == .syntax)
        #expect(error?.file.hasSuffix("/bad.lua") == true)
    }

    @Test func coverageReportsRulesThatNeverDecided() throws {
        let report = try run("""
        test.policies { "closed.lua" }
        test("only sundays", function() expect.denied("2026-03-01") end)
        """, options: PolicyTestOptions(coverage: true))
        let coverage = try #require(report.coverage.first)
        #expect(coverage.linesRun.contains(3))
        #expect(coverage.linesNotRun.contains(4))
        #expect(coverage.rulesNeverDeciding == [4, 7])
    }
}
