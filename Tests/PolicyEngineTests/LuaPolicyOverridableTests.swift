import CalendarCore
import Testing
@testable import PolicyEngine

/// `overridable = ...` read at load as data, like `scope`: false (a hard freeze), true, or a
/// plain table of maxHours, requireTicket and approvers; anything else a type error naming the
/// field.
@Suite struct LuaPolicyOverridableTests {
    let fixture = PolicyFixture()

    func rule(_ value: String) throws -> OverrideRule {
        try fixture.load("return { overridable = \(value), canSelect = function() return true end }").overridable
    }

    @Test func theRuleIsReadAsData() throws {
        #expect(try fixture.load("return { canSelect = function() return true end }").overridable == .open)
        #expect(try rule("false") == .hardFreeze)
        #expect(try rule("true") == .open)
        #expect(try rule("{ maxHours = 48, requireTicket = true, approvers = { 'sre-leads', 'cto' } }")
                == OverrideRule(maxHours: 48, requireTicket: true, approvers: ["sre-leads", "cto"]))
    }

    @Test func aBadRuleIsATypeErrorNamingTheField() {
        for (value, words) in [("'yes'", "must be false, true or a table"), ("{ maxHours = 0 }", "overridable.maxHours"),
                               ("{ maxHours = 1.5 }", "overridable.maxHours"), ("{ requireTicket = 1 }", "overridable.requireTicket"),
                               ("{ approvers = {} }", "is an empty list"), ("{ approvers = { 1 } }", "approvers[1]"),
                               ("{ approvers = { 'a\\nb' } }", "control character"), ("{ maxhours = 2 }", "holds only"),
                               ("setmetatable({}, { __index = { maxHours = 1 } })", "metatable"),
                               ("function() end", "must be false, true or a table")] {
            let error = PolicyFixture.error { _ = try rule(value) }
            #expect(error?.kind == .type, "\(value): \(String(describing: error))")
            #expect(error?.message.contains(words) == true, "\(value): \(String(describing: error?.message))")
        }
    }
}
