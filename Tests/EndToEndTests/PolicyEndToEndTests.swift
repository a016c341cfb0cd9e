import Foundation
import Testing

/// Real Lua policies through the binary: answers, provenance, and every policy error
/// as exit 3 with one `file:line` line.
@Suite struct PolicyEndToEndTests {
    static let blackout = """
        -- Denies a fixed blackout; decorates it with a label that needs escaping.
        local FIRST, LAST = "2026-12-14", "2026-12-17"
        local function inside(day) return day.iso >= FIRST and day.iso <= LAST end
        return {
            name = "blackout",
            canSelect = function(day)
                if inside(day) then return false, "closed, \\"maintenance\\"" end
                return true
            end,
            canDeselect = function(day) return day.iso ~= "2026-12-01", "locked" end,
            decorationFor = function(day)
                if inside(day) then return { kind = "image", label = "Closed, \\"sorry\\"", color = "gray",
                                              image = "wrench", size = "large" } end
            end,
        }
        """

    /// Runs `calpolicy eval` on the blackout policy, written as blackout.lua, with
    /// `options` after its path; returns that path and what the run printed.
    private func evalBlackout(_ options: [String]) throws -> (path: String, result: CalpolicyBinary.Result) {
        let files = try TemporaryFiles()
        let path = try files.write("blackout.lua", Self.blackout)
        return (path, try CalpolicyBinary.run(["eval", path] + options))
    }

    @Test func jsonCarriesReasonsDecorationsAndTheirPolicies() throws {
        let (path, result) = try evalBlackout(["--month", "2026-12", "--format", "json", "--today", "2026-12-01"])
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        #expect(object?["policies"] as? [String] == [path])
        let days = object?["days"] as? [[String: Any]] ?? []
        #expect(days.count == 31)
        let first = days[0]
        #expect(first["deselectable"] as? Bool == false)
        #expect(first["deselectReason"] as? String == "locked")
        let closed = days[14]
        #expect(closed["date"] as? String == "2026-12-15")
        #expect(closed["selectable"] as? Bool == false)
        #expect(closed["reason"] as? String == "closed, \"maintenance\"")
        #expect(closed["policy"] as? String == path)
        let decoration = closed["decoration"] as? [String: Any]
        #expect(decoration?["kind"] as? String == "image")
        #expect(decoration?["label"] as? String == "Closed, \"sorry\"")
        #expect(decoration?["image"] as? String == "wrench")
        #expect(decoration?["size"] as? String == "large")
        #expect(closed["decorationPolicy"] as? String == path)
        #expect(days[20]["decoration"] is NSNull)
    }

    @Test func csvQuotesLabelsWithCommasAndQuotes() throws {
        let (path, result) = try evalBlackout(["--from", "2026-12-14", "--to", "2026-12-14", "--format", "csv"])
        #expect(result.status == 0)
        #expect(result.stdout.split(separator: "\n").last.map(String.init) ==
            #"2026-12-14,2026,12,14,2,false,true,"closed, ""maintenance""",image,"Closed, ""sorry""",gray,wrench,large,"#
            + #""closed, ""maintenance""",,"# + path + "," + path + ",,")
    }

    @Test func textMarksAndLegend() throws {
        let result = try evalBlackout(["--month", "2026-12", "--include", "weekdays", "--legend", "full"]).result
        #expect(result.status == 0)
        #expect(result.stdout.contains("13!14#15#16#17#18 19!"))
        #expect(result.stdout.contains("# 2026-12-15 Tue  Closed, \"sorry\"; denied: closed, \"maintenance\""))
        #expect(result.stdout.contains("! 2026-12-19 Sat  denied:"))
    }

    @Test func shippedHolidayPolicyMarksChristmas() throws {
        let policy = CalpolicyBinary.packageRoot.appendingPathComponent("policies/us-federal-holidays.lua").path
        let result = try CalpolicyBinary.run(["eval", policy, "--month", "2026-12"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("20 21 22 23 24 25#26"))
        #expect(result.stdout.contains("# 2026-12-25 Fri  Christmas Day"))
    }

    @Test func stackingTakesTheFirstDenial() throws {
        let files = try TemporaryFiles()
        let first = try files.write("a.lua", "return { canSelect = function(day) return false, 'from a' end }\n")
        let second = try files.write("b.lua", "return { canSelect = function(day) return false, 'from b' end }\n")
        let result = try CalpolicyBinary.run(["eval", second, first, "--from", "2026-01-01", "--to", "2026-01-01",
                                              "--format", "csv"])
        #expect(result.stdout.contains(",from b,"))
    }

    func expectPolicyError(_ source: String, _ expected: String, extra: [String] = [],
                           sourceLocation: SourceLocation = #_sourceLocation) throws {
        let files = try TemporaryFiles()
        let path = try files.write("p.lua", source)
        let result = try CalpolicyBinary.run(["eval", path, "--month", "2026-12"] + extra, timeout: 30)
        #expect(result.status == 3, sourceLocation: sourceLocation)
        #expect(!result.signalled && !result.timedOut, sourceLocation: sourceLocation)
        #expect(result.stdout.isEmpty, sourceLocation: sourceLocation)
        #expect(result.stderrLines.count == 1, sourceLocation: sourceLocation)
        #expect(result.stderr.hasPrefix("calpolicy: \(path):"), sourceLocation: sourceLocation)
        #expect(result.stderr.contains(expected), "\(result.stderr)", sourceLocation: sourceLocation)
    }

    @Test func syntaxErrorNamesFileAndLine() throws {
        try expectPolicyError("return {\n canSelect = function(day)\n", ":3: 'end' expected")
    }

    @Test func runtimeErrorNamesFileLineFunctionAndDay() throws {
        try expectPolicyError("return {\n canSelect = function(day)\n  error('boom')\n end\n}\n",
                              ":3: boom (in canSelect for 2026-12-01)")
    }

    @Test func wrongReturnTypeIsAPolicyError() throws {
        try expectPolicyError("return { canSelect = function(day) return 42 end }\n", "must return a boolean")
    }

    @Test func endlessLoopMeetsTheBudget() throws {
        try expectPolicyError("return { canSelect = function(day) while true do end end }\n", "budget")
    }

    @Test func deepRecursionIsAnErrorNotACrash() throws {
        try expectPolicyError("local function f(n) return f(n + 1) + 1 end\n"
                              + "return { canSelect = function(day) return f(1) end }\n", "stack overflow")
    }

    @Test func multiLineErrorMessageStaysOnOneLine() throws {
        try expectPolicyError("return { canSelect = function(day) error('one\\ntwo') end }\n", "one")
    }

    @Test func verboseAddsTheTraceback() throws {
        let files = try TemporaryFiles()
        let path = try files.write("p.lua", "return {\n canSelect = function(day)\n  error('boom')\n end\n}\n")
        let result = try CalpolicyBinary.run(["eval", path, "--month", "2026-12", "--verbose"])
        #expect(result.status == 3)
        #expect(result.stderrLines.first?.hasPrefix("calpolicy: \(path):3: boom") == true)
        #expect(result.stderr.contains("traceback"))
        #expect(result.stderrLines.count > 1)
    }

    @Test func usageErrorsWinOverPolicyErrors() throws {
        let files = try TemporaryFiles()
        let path = try files.write("p.lua", "return {\n canSelect = function(day)\n")
        let result = try CalpolicyBinary.run(["eval", path, "--month", "2026-13"])
        #expect(result.status == 2)
    }
}

/// Every command runs as one run with one deadline (`--timeout`, default 5 s): work past
/// it — loading, day answers, explain's traced calls, test files — stops with one line
/// and exit 3, and no partial output. The calls here take millions of Lua instructions,
/// within the budget, so only the deadline can stop them.
@Suite struct RunDeadlineEndToEndTests {
    static let slowCall = """
        return {
            canSelect = function(day)
                local n = 0
                for i = 1, 3000000 do n = n + i end
                return n > 0
            end,
        }
        """

    /// Slow in every phase, whatever the machine: loading sorts in C (no instruction
    /// budget reaches it) until the deadline must have passed, then each call is as slow
    /// as `slowCall`.
    static let slowEverywhere = """
        local data = {}
        for i = 1, 200000 do data[i] = (i * 7919) % 200003 end
        for round = 1, 40 do table.sort(table.move(data, 1, #data, 1, {})) end
        """ + "\n" + slowCall

    @Test func everyCommandStopsAtTheDeadlineWithOneLine() throws {
        let files = try TemporaryFiles()
        let path = try files.write("slow.lua", Self.slowEverywhere)
        _ = try files.write("slow_test.lua", """
            test.policies { "slow.lua" }
            test("a year", function() for n = 0, 364 do expect.selectable(cal.addDays("2026-01-01", n)) end end)
            """)
        let folder = (path as NSString).deletingLastPathComponent
        for command in [["eval", path, "--year", "2026", "--format", "json"],
                        ["eval", path, "--year", "2026", "--format", "csv"],
                        ["select", path, "--mode", "range", "--tap", "2026-01-01", "--tap", "2026-12-31"],
                        ["check", path],
                        ["explain", path, "2026-12-01"],
                        ["snapshot", path, "--year", "2026"],
                        ["diff", path, path, "--year", "2026"],
                        ["test", folder]] {
            let started = Date()
            let result = try CalpolicyBinary.run(command + ["--timeout", "0.2"], timeout: 60)
            #expect(!result.timedOut && !result.signalled, "\(command)")
            #expect(Date().timeIntervalSince(started) < 30, "\(command)") // endless otherwise; a hang guard
            #expect(result.status == 3, "\(command)")
            #expect(result.stdout.isEmpty || command[0] == "check", "\(command)")
            #expect(result.stderrLines.count == 1, "\(command)")
            #expect(result.stderr.hasPrefix("calpolicy: \(path):"), "\(command)")
            #expect(result.stderr.contains("did not finish within 0.2 s; stopped"), "\(command)")
        }
    }

    @Test func theEnvironmentSetsTheDefaultDeadline() throws {
        let files = try TemporaryFiles()
        let path = try files.write("slow.lua", Self.slowCall)
        let result = try CalpolicyBinary.run(["eval", path, "--year", "2026"], environment: ["CALPOLICY_TIMEOUT": "0.2"],
                                             timeout: 60)
        #expect(result.status == 3)
        #expect(result.stderr.contains("did not finish within 0.2 s"))
    }

    @Test func defaultLimitLeavesBudgetedWorkAlone() throws {
        let files = try TemporaryFiles()
        let path = try files.write("slow.lua", Self.slowCall)
        let result = try CalpolicyBinary.run(["eval", path, "--from", "2026-12-01", "--to", "2026-12-02"], timeout: 60)
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
    }
}
