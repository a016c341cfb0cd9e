import LuaHost
import Testing
@testable import PolicyEngine
import CalendarCore

/// The budget a call spends, as the state accounts it: instructions and pattern-matching
/// steps come out of one count, however the matching nests.
@Suite struct PolicyLuaStateBudgetTests {
    static let budget = 1_000_000
    /// The hook charges instructions 1,000 at a time, and the step that overdraws the
    /// budget is charged whole: a call never accounts more than this past its budget.
    static let slack = 2_000

    private func state(_ source: String, hook: Bool = true) throws -> PolicyLuaState {
        try loadedPolicyState(source, path: "budget.lua",
                              options: LuaStateOptions(instructionBudget: Self.budget, hookEnabled: hook))
    }

    private static let nested = nestedGsubSource(run: 20, repeats: 12)

    @Test(arguments: [
        "T:gsub('a*a*a*c', level(5))",
        "pcall(T.gsub, T, 'a*a*a*c', level(5))",
        "while true do pcall(string.find, T, 'a*a*a*c%9') end",
        "while true do for _ in T:gmatch('a*a*a*c') do T:find('a*a*a*c') end end",
        "T:gsub('a*a*a*c', setmetatable({}, { __index = function() T:gsub('a*a*a*c', level(4)) end }))",
        "while true do xpcall(function() T:find('a*a*a*c%9') end, function(e) T:match('a*a*a*c') return e end) end",
    ])
    func nestedMatchingNeverSpendsPastTheBudget(body: String) throws {
        let lua = try state(Self.nested + "\nfunction canSelect() \(body) return true end")
        let error = luaFailure { _ = try lua.callVerdict(.canSelect, dayNumber: 0, calendarTag: 0, today: nil) }
        #expect(error?.kind == .budget)
        #expect(error?.message.contains("budget of \(Self.budget)") == true, "\(String(describing: error?.message))")
        #expect(lua.budgetSpent >= Self.budget)
        #expect(lua.budgetSpent <= Self.budget + Self.slack, "spent \(lua.budgetSpent)")
    }

    @Test func aCallWithinTheBudgetReportsWhatItSpent() throws {
        let lua = try state(Self.nested + "\nfunction canSelect() T:gsub('a*a*a*c', level(0)) return true end")
        _ = try lua.callVerdict(.canSelect, dayNumber: 0, calendarTag: 0, today: nil)
        let once = lua.budgetSpent
        #expect(once > 50_000 && once < Self.budget / 2, "spent \(once)")
        _ = try lua.callVerdict(.canSelect, dayNumber: 0, calendarTag: 0, today: nil)
        #expect(abs(lua.budgetSpent - once) < 1_000, "re-armed: \(lua.budgetSpent) then \(once)")
    }

    @Test func plainFindPaysForTheBytesItScans() throws {
        let lua = try state("""
            local big = string.rep("x", 1000000)
            function canSelect() big:find("y", 1, true) return true end
            """)
        _ = try lua.callVerdict(.canSelect, dayNumber: 0, calendarTag: 0, today: nil)
        #expect(lua.budgetSpent >= 1_000_000 / 16)
    }
}
