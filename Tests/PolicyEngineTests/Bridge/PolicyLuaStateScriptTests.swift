import LuaHost
import Testing
@testable import PolicyEngine
import CalendarCore

/// `callGlobal` and line tracing, the two entry points policy tests and explain use.
@Suite struct PolicyLuaStateScriptTests {
    private func load(_ source: String, tracing: Bool = false, budget: Int = 10_000_000) throws -> PolicyLuaState {
        try loadedPolicyState(source, path: "script.lua", options: LuaStateOptions(instructionBudget: budget),
                              tracing: tracing)
    }

    @Test func callGlobalPassesAndReturnsStrings() throws {
        let lua = try load("function shout(s) return s:upper() .. '\\0!' end")
        #expect(try lua.callGlobal("shout", argument: "a\tb") == "A\tB\u{0}!")
    }

    @Test func callGlobalRefusesMissingFunctionsAndNonStrings() throws {
        let lua = try load("function number() return 1 end\nfunction fail() error('nope') end")
        #expect(luaFailure { _ = try lua.callGlobal("absent", argument: "") }?.kind == .type)
        let notText = luaFailure { _ = try lua.callGlobal("number", argument: "") }
        #expect(notText?.kind == .type)
        #expect(notText?.message == "'number' must return a string, got number")
        let error = luaFailure { _ = try lua.callGlobal("fail", argument: "") }
        #expect(error?.kind == .runtime)
        #expect(error?.message.contains("nope") == true)
        #expect(error?.line == 2)
    }

    @Test func callGlobalStaysWithinTheBudget() throws {
        let lua = try load("function spin() while true do end end", budget: 10_000)
        #expect(luaFailure { _ = try lua.callGlobal("spin", argument: "") }?.kind == .budget)
    }

    @Test func tracingCountsLinesAndTheDecidingReturn() throws {
        let lua = try load("""
        local t = {}
        function t.canSelect(day)
            if day.weekday == 1 then
                return false, "sunday"
            end
            return true
        end
        return t
        """, tracing: true)
        _ = try lua.callVerdict(.canSelect, dayNumber: 3, calendarTag: 0, today: nil) // 1970-01-04, a Sunday
        #expect(lua.lastReturnLine == 4)
        _ = try lua.callVerdict(.canSelect, dayNumber: 4, calendarTag: 0, today: nil)
        #expect(lua.lastReturnLine == 6)
        _ = try lua.callVerdict(.canSelect, dayNumber: 5, calendarTag: 0, today: nil)
        #expect(lua.tracedLines[3] == 3)
        #expect(lua.tracedLines[4] == 1)
        #expect(lua.tracedLines[6] == 2)
        #expect(lua.decidingLines[4] == 1)
        #expect(lua.decidingLines[6] == 2)
    }

    @Test func withoutTracingNothingIsRecorded() throws {
        let lua = try load("return { canSelect = function() return true end }")
        _ = try lua.callVerdict(.canSelect, dayNumber: 0, calendarTag: 0, today: nil)
        #expect(lua.lastReturnLine == nil)
        #expect(lua.tracedLines.isEmpty)
    }

    @Test func tracingCanBeTurnedOff() throws {
        let lua = try load("return { canSelect = function() return true end }", tracing: true)
        try lua.setTracing(false)
        _ = try lua.callVerdict(.canSelect, dayNumber: 0, calendarTag: 0, today: nil)
        #expect(lua.lastReturnLine == nil)
    }
}
