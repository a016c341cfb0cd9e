import CalendarCore
import Testing
@testable import PolicyEngine

@Suite struct PolicyExplanationTests {
    private static let source = """
    local function label(day)
        if day.month == 12 and day.day == 25 then return "Christmas" end
        return nil
    end
    return {
        canSelect = function(day)
            local l = label(day)
            if l then return false, l end
            return true
        end,
        decorationFor = function(day)
            local l = label(day)
            if l then return { label = l } end
        end,
    }
    """

    private func load(tracing: Bool) throws -> LuaPolicy {
        var options = LuaPolicyOptions()
        options.tracing = tracing
        return try PolicyFixture().load(Self.source, options: options)
    }

    @Test func answersCarryTheLineOfTheDecidingReturn() throws {
        let policy = try load(tracing: true)
        let christmas = try policy.answer(for: try Day(iso: "2026-12-25"), context: PolicyContext())
        #expect(christmas.canSelect == .denied(reason: "Christmas"))
        #expect(christmas.canSelectLine == 8)
        #expect(christmas.decoration?.label == "Christmas")
        #expect(christmas.decorationLine == 13)
        #expect(christmas.canDeselectLine == nil)
        let other = try policy.answer(for: try Day(iso: "2026-12-24"), context: PolicyContext())
        #expect(other.canSelectLine == 9)
        #expect(other.decoration == nil)
        #expect(other.decorationLine == 14)
    }

    @Test func withoutTracingAtLoadTheAnswerIsTracedAlone() throws {
        let policy = try load(tracing: false)
        let answer = try policy.answer(for: try Day(iso: "2026-12-25"), context: PolicyContext())
        #expect(answer.canSelect == .denied(reason: "Christmas"))
        #expect(answer.canSelectLine == 8)
        // ... and tracing is off again afterwards: nothing accumulates.
        _ = try policy.canSelect(try Day(iso: "2026-12-24"), context: PolicyContext())
        #expect(policy.trace.linesRun.isEmpty)
    }

    @Test func explanationNamesTheFirstDenierAndDecorator() throws {
        let fixture = PolicyFixture()
        var options = LuaPolicyOptions()
        options.tracing = true
        let open = try fixture.load("return { canSelect = function() return true end }", name: "open.lua", options: options)
        let christmas = try fixture.load(Self.source, name: "christmas.lua", options: options)
        let explanation = try PolicyExplanation.explain(try Day(iso: "2026-12-25"), policies: [open, christmas],
                                                        context: PolicyContext())
        #expect(explanation.answers.map(\.policy) == ["open.lua", "christmas.lua"])
        #expect(explanation.selectDecider?.policy == "christmas.lua")
        #expect(explanation.decorationDecider?.policy == "christmas.lua")
        #expect(explanation.selectable == false)
        #expect(explanation.deselectable)
    }

    @Test func tracingKeepsTheBudget() throws {
        var options = LuaPolicyOptions()
        options.tracing = true
        options.instructionBudget = 100_000
        let policy = try PolicyFixture().load("return { canSelect = function() while true do end end }", options: options)
        let error = PolicyFixture.error { _ = try policy.canSelect(try Day(iso: "2026-01-01"), context: PolicyContext()) }
        #expect(error?.kind == .budget)
    }

    /// A budget error raised by the pattern matcher ends its own call only: later calls
    /// of the same policy are traced as before (explain and coverage rely on it).
    @Test(arguments: [(true, true), (false, true), (true, false), (false, false)])
    func aPatternBudgetErrorLeavesLaterCallsTraced(caught: Bool, tracedAtLoad: Bool) throws {
        var options = LuaPolicyOptions()
        options.tracing = tracedAtLoad
        options.instructionBudget = 200_000
        let find = caught ? "pcall(string.find, s, \"a*a*a*a*a*b\")" : "string.find(s, \"a*a*a*a*a*b\")"
        let policy = try PolicyFixture().load("""
            local s = string.rep("a", 60)
            return {
                canSelect = function(day)
                    if day.day == 1 then \(find) end
                    if day.day == 2 then
                        return false, "second"
                    end
                    return true
                end,
                decorationFor = function(day)
                    return { label = "d" }
                end,
            }
            """, options: options)
        let error = PolicyFixture.error { _ = try policy.answer(for: .at("2026-12-01"), context: PolicyContext()) }
        #expect(error?.kind == .budget)
        let second = try policy.answer(for: .at("2026-12-02"), context: PolicyContext())
        #expect(second.canSelect == .denied(reason: "second"))
        #expect(second.canSelectLine == 6)
        #expect(second.decorationLine == 11)
        let third = try policy.answer(for: .at("2026-12-03"), context: PolicyContext())
        #expect(third.canSelectLine == 8)
        if tracedAtLoad {
            #expect(policy.trace.linesRun[8] == 1)
            #expect(policy.trace.linesRun[4] == 3) // the failing call's lines count too
        }
    }
}
