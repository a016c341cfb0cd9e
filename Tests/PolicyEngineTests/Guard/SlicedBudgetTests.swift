import LuaHost
import Testing
@testable import PolicyEngine
import CalendarCore

/// `LuaBudgetMode.sliced`: under a patrolled run a call starts without the count hook, and the
/// patrol arms it on the call's own thread once the call outlives a slice. What must hold:
/// short calls pay nothing, long ones are still stopped by the budget with the same message,
/// and outside a run (no patrol) a sliced state counts exactly as a strict one.
@Suite struct SlicedBudgetTests {
    static let budget = 1_000_000
    /// ~50,000 instructions: far under a slice (10–20 ms), far over the hook's 1,000 stride.
    static let shortLoop = "function canSelect() local x = 0 for i = 1, 20000 do x = x + i end return true end"
    static let endless = "function canSelect() while true do end end"

    private func state(_ source: String, mode: LuaBudgetMode) throws -> PolicyLuaState {
        try loadedPolicyState(source, path: "sliced.lua",
                              options: LuaStateOptions(instructionBudget: Self.budget, budgetMode: mode))
    }

    private func inRun<T>(_ body: () throws -> T) rethrows -> T {
        try PolicyRun(limits: RunLimits(deadline: 30), onStuck: { _ in }).perform(body)
    }

    @Test func aShortCallUnderAPatrolledRunRunsWithoutTheHook() throws {
        let sliced = try state(Self.shortLoop, mode: .sliced)
        try inRun { _ = try sliced.callVerdict(.canSelect, dayNumber: 0, calendarTag: 0, today: nil) }
        if LuaRunGuard.slicedBudgetsAvailable {
            #expect(sliced.budgetSpent == 0, "spent \(sliced.budgetSpent)")
        } else {
            // ThreadSanitizer builds count strictly (see LuaRunGuard.slicedBudgetsAvailable).
            #expect(sliced.budgetSpent > 20_000, "spent \(sliced.budgetSpent)")
        }
        let strict = try state(Self.shortLoop, mode: .strict)
        try inRun { _ = try strict.callVerdict(.canSelect, dayNumber: 0, calendarTag: 0, today: nil) }
        #expect(strict.budgetSpent > 20_000, "spent \(strict.budgetSpent)")
    }

    @Test func outsideARunASlicedStateCountsExactly() throws {
        let sliced = try state(Self.shortLoop, mode: .sliced)
        _ = try sliced.callVerdict(.canSelect, dayNumber: 0, calendarTag: 0, today: nil)
        #expect(sliced.budgetSpent > 20_000, "spent \(sliced.budgetSpent)")
    }

    @Test(arguments: LuaBudgetMode.allCases)
    func anEndlessLoopStopsWithTheBudgetsMessageInBothModes(mode: LuaBudgetMode) throws {
        let lua = try state(Self.endless, mode: mode)
        let error = inRun { luaFailure { _ = try lua.callVerdict(.canSelect, dayNumber: 0, calendarTag: 0, today: nil) } }
        #expect(error?.kind == .budget)
        #expect(error?.message == "instruction budget of \(Self.budget) exhausted", "\(String(describing: error?.message))")
        #expect(error?.line == 1)
    }

    /// The arming signal lands on the thread running the call, while the call runs: many
    /// endless calls in a row under one run, each stopped by its own armed budget.
    @Test func everyLongCallOfARunIsArmedOnItsOwn() throws {
        let lua = try state(Self.endless, mode: .sliced)
        let kinds = inRun {
            (0..<5).map { _ in luaFailure { _ = try lua.callVerdict(.canSelect, dayNumber: 0, calendarTag: 0, today: nil) }?.kind }
        }
        #expect(kinds == Array(repeating: .budget, count: 5))
    }
}
