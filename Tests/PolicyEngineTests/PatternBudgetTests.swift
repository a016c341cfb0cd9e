import CalendarCore
import Foundation
import Testing
@testable import PolicyEngine

/// Pattern matching shares the call's instruction budget with everything else the call
/// does: however matches nest (gsub callbacks running gsub, table replacements whose
/// `__index` matches, pcall around each level, errors raised after heavy matching,
/// xpcall handlers), a call gets no more matching done than a flat loop of the same
/// matches gets within the budget.
///
/// The unit of work is one heavy match: `a*a*a*c` over `seg`, which backtracks
/// through every start in a run of 24 `a`s before matching the `c`. The policy counts
/// units; day 1 measures how many a flat loop gets through, the other days try to get
/// more by nesting. A day that gets past three times the flat count stops by itself,
/// so an escape fails the test instead of hanging it.
@Suite struct PatternBudgetTests {
    static let budget = 2_000_000

    static let source = #"""
    count, flat = 0, nil
    local run = string.rep("a", 24)
    local seg = run .. "bc"           -- one unit to match
    local S = string.rep(seg, 8)      -- eight matches of one unit each
    local M = 16
    local T = string.rep(run .. "b", M) .. "c" -- one match, after M units of failed starts
    local P = "a*a*a*c"

    local function unit(n)
        count = count + (n or 1)
        if flat and count > 3 * flat then error("escaped: " .. count .. " units") end
    end

    -- a gsub callback that counts the units its match cost and, above the bottom,
    -- starts another expensive gsub: each level holds M units of matching at once
    local function level(d)
        return function(c)
            unit(M)
            if d > 0 then T:gsub(P, level(d - 1)) end
            return c
        end
    end

    local function guarded(d)
        return function(c)
            unit(M)
            if d > 0 then pcall(T.gsub, T, P, guarded(d - 1)) end
            return c
        end
    end

    local function indexing(d)
        return setmetatable({}, { __index = function(_, k)
            unit(M)
            if d > 0 then T:gsub(P, indexing(d - 1)) end
            return nil
        end })
    end

    local scenarios = {
        -- 1: the flat loop the others are measured against
        function() while true do S:gsub(P, function(c) unit() return c end) end end,
        -- 2: gsub five deep
        function() while true do T:gsub(P, level(5)) end end,
        -- 3: the same with pcall around every level, and around the whole
        function() while true do pcall(T.gsub, T, P, guarded(5)) end end,
        -- 4: table replacements whose __index matches again
        function() while true do T:gsub(P, indexing(5)) end end,
        -- 5: heavy matching that ends in a pattern error, swallowed by pcall
        function() while true do unit(); pcall(string.find, seg, P .. "%9") end end,
        -- 6: string.find, match and gmatch loops inside gmatch loops
        function()
            while true do
                for _ in S:gmatch(P) do
                    unit()
                    for _ in S:gmatch(P) do unit(); seg:find(P); unit(); seg:match(P); unit() end
                end
            end
        end,
        -- 7: xpcall whose handler matches, and whose body fails after matching
        function()
            while true do
                xpcall(function() unit(); seg:find(P .. "%9") end,
                       function(e) unit(); seg:match(P); return e end)
            end
        end,
        -- 8: gsub callbacks calling string.find / string.match on the same pattern
        function()
            while true do
                S:gsub(P, function(c)
                    unit()
                    S:gsub(P, function(c2) unit(); seg:find(P); unit(); seg:match(P); unit() return c2 end)
                    return c
                end)
            end
        end,
    }

    function canSelect(day)
        if day.day == 31 then
            local c = count
            count = 0
            if flat == nil then flat = c end
            return false, tostring(c)
        end
        scenarios[day.day]()
        return true
    end
    """#

    static let scenarios = [
        2: "gsub five deep", 3: "pcall at every level", 4: "__index replacements", 5: "pattern errors under pcall",
        6: "find/match/gmatch loops", 7: "xpcall handlers", 8: "gsub callbacks finding",
    ]

    private func units(_ policy: LuaPolicy) throws -> Int {
        let verdict = try policy.canSelect(.at("2026-12-31"), context: PolicyContext())
        guard case .denied(let reason?) = verdict, let count = Int(reason) else { return -1 }
        return count
    }

    private func run(_ policy: LuaPolicy, day: Int) -> PolicyError? {
        let iso = "2026-12-" + (day < 10 ? "0" : "") + String(day)
        let start = Date()
        let error = PolicyFixture.error { _ = try policy.canSelect(.at(iso), context: PolicyContext()) }
        #expect(Date().timeIntervalSince(start) < 300) // a hang guard (sanitizer builds are slow), not a speed check
        return error
    }

    @Test func nestedMatchingGetsNoMoreWorkThanAFlatLoop() throws {
        var options = LuaPolicyOptions()
        options.instructionBudget = Self.budget
        let policy = try PolicyFixture().load(Self.source, options: options)
        let flatError = run(policy, day: 1)
        #expect(flatError?.kind == .budget)
        let flat = try units(policy)
        // ~44,000 steps a unit: about 45 units in 2,000,000.
        #expect(flat > 20 && flat < 200, "flat loop: \(flat) units")
        for (day, name) in Self.scenarios.sorted(by: { $0.key < $1.key }) {
            let error = run(policy, day: day)
            let done = try units(policy)
            #expect(error?.kind == .budget, "\(name): \(String(describing: error))")
            #expect(error?.message.contains("budget") == true, "\(name): \(String(describing: error?.message))")
            // The match the budget ran out in is not counted, a level holds 16 units:
            // rounding. A second budget's worth is an escape.
            #expect(done <= flat + flat / 20 + 16, "\(name): \(done) units against \(flat) in a flat loop")
        }
    }

    /// Four nested gsubs, each holding 16 units (about 700,000 steps) of matching, and
    /// callbacks that run a handful of instructions: the call ends having spent well
    /// over its budget without the count hook firing again. It must still fail.
    @Test func overspendingThatEndsQuietlyIsStillABudgetError() throws {
        var options = LuaPolicyOptions()
        options.instructionBudget = Self.budget
        let policy = try PolicyFixture().load(nestedGsubSource(run: 24, repeats: 16) + """
            function canSelect()
                T:gsub("a*a*a*c", level(3))
                return true
            end
            """, options: options)
        let error = run(policy, day: 1)
        #expect(error?.kind == .budget)
    }
}
