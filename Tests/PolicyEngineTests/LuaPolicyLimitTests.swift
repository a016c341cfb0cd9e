import CalendarCore
import Foundation
import Testing
@testable import PolicyEngine

/// Budgets, memory and stack: a runaway policy ends with a typed error, quickly.
/// Time bounds here are hang guards, not speed checks: wide enough for a sanitizer build on a
/// loaded machine (deep recursion took 24 s under ThreadSanitizer with two builds beside it),
/// since what each test asserts is the kind of error, never how fast it came.
@Suite struct LuaPolicyLimitTests {
    let fixture = PolicyFixture()
    let day = Day.at("2026-03-02")
    let hangGuard: TimeInterval = 300

    private func callError(_ body: String, options: LuaPolicyOptions = .init()) throws -> PolicyError? {
        let policy = try fixture.load("function canSelect(day, selection)\n\(body)\nend", options: options)
        let start = Date()
        let error = PolicyFixture.error { _ = try policy.canSelect(day, context: PolicyContext()) }
        #expect(Date().timeIntervalSince(start) < hangGuard)
        return error
    }

    @Test func endlessLoopEndsWithBudgetError() throws {
        let error = try callError("while true do end")
        #expect(error?.kind == .budget)
        #expect(error?.message == "instruction budget of 10000000 exhausted")
        #expect(error?.line == 2)
    }

    /// A run of days is one protected call, but each function call in it has a budget of its
    /// own: days that each spend most of the budget pass, and the one that overruns it fails
    /// alone, named with its day, the days before it answered.
    @Test func eachCallOfARunOfDaysHasItsOwnBudget() throws {
        let policy = try fixture.load("""
            return { canSelect = function(day)
              local n = 0
              for i = 1, (day.day == 12 and 1e9 or 20000) do n = n + i end
              return n > 0
            end }
            """, options: LuaPolicyOptions(instructionBudget: 100_000))
        let days = (0..<20).map { Day.at("2026-03-01").adding(days: $0) }
        let start = Date()
        let batch = policy.answers(Array(repeating: DayQuestions(canSelect: true, canDeselect: false, decoration: false),
                                         count: days.count), for: days, context: PolicyContext())
        #expect(Date().timeIntervalSince(start) < hangGuard)
        #expect(batch.answers.count == 11)
        #expect(batch.answers.allSatisfy { $0.select == .allowed })
        let error = batch.failure as? PolicyError
        #expect(error?.kind == .budget)
        #expect(error?.message == "instruction budget of 100000 exhausted")
        #expect(error?.day == .at("2026-03-12"))
        #expect(error?.line == 3)
    }

    @Test func endlessLoopAtLoadEndsWithBudgetError() {
        let error = PolicyFixture.error { _ = try fixture.load("local n = 0\nwhile true do n = n + 1 end") }
        #expect(error?.kind == .budget)
        #expect(error?.function == nil)
        #expect(error?.line == 2)
    }

    @Test func pcallCannotSwallowTheBudget() throws {
        let error = try callError("""
            for i = 1, 1e9 do
              pcall(function() while true do end end)
              pcall(error, 'again')
            end
            return true
            """)
        #expect(error?.kind == .budget)
    }

    @Test func tailCalledPcallCannotReturnAfterTheBudgetIsSpent() throws {
        let error = try callError("return pcall(function() while true do end end)")
        #expect(error?.kind == .budget)
    }

    @Test func xpcallHandlerLoopingCannotSwallowTheBudget() throws {
        let error = try callError("""
            return xpcall(function() while true do end end, function() while true do end end)
            """)
        #expect(error?.kind == .budget)
    }

    @Test func budgetReArmsForTheNextCall() throws {
        let policy = try fixture.load("""
            function canSelect(day)
              if day.day == 1 then while true do end end
              return true
            end
            """, options: LuaPolicyOptions(instructionBudget: 100_000))
        #expect(PolicyFixture.error { _ = try policy.canSelect(.at("2026-03-01"), context: PolicyContext()) }?.kind == .budget)
        #expect(try policy.canSelect(.at("2026-03-02"), context: PolicyContext()) == .allowed)
    }

    @Test func memoryBombEndsWithMemoryError() throws {
        let error = try callError("local t = {}\nwhile true do t[#t + 1] = string.rep('x', 4096) .. #t end")
        #expect(error?.kind == .memory)
        #expect(error?.message == "memory limit of 67108864 bytes exceeded")
    }

    /// While a state is built the collector waits longer between cycles (CLS_GC_PAUSE): live
    /// data of half the limit plus garbage many times the limit must still fit, an allocation
    /// the limit refuses making Lua collect and try again. (Concatenation and tables allocate
    /// through Lua's core, which retries; lauxlib's buffers, as in string.rep, do not.)
    @Test func garbageBeyondTheLimitIsCollectedNotCounted() throws {
        let policy = try fixture.load("""
            local base = string.rep('k', 16384)
            local kept = {}
            for i = 1, 128 do kept[i] = base .. i end
            function canSelect(day, selection)
                local n = 0
                for i = 1, 2000 do n = n + #(base .. i) + #{ i, i, i } end
                return n > 0 and #kept == 128
            end
            """, options: LuaPolicyOptions(instructionBudget: 50_000_000, memoryLimit: 4 << 20))
        for _ in 0..<3 {
            #expect(try policy.canSelect(day, context: PolicyContext()) == .allowed)
        }
    }

    @Test func memoryBombInsidePcallStillEnds() throws {
        let error = try callError("""
            while true do
              pcall(function() local t = {} while true do t[#t + 1] = {} end end)
            end
            """, options: LuaPolicyOptions(instructionBudget: 2_000_000, memoryLimit: 4 << 20))
        #expect(error?.kind == .budget)
    }

    @Test func stringRepOfEmptyPiecesReturnsAtOnce() throws {
        let policy = try fixture.load("function canSelect() return false, tostring(#string.rep('', 1 << 62)) end")
        #expect(try policy.canSelect(day, context: PolicyContext()) == .denied(reason: "0"))
    }

    @Test func tableMoveOverMetamethodsIsBounded() throws {
        let error = try callError("""
            local p = setmetatable({}, { __index = rawget, __newindex = rawequal })
            table.move(p, 1, math.maxinteger - 1, 2)
            """)
        #expect(error?.kind == .budget)
    }

    @Test func deepRecursionEndsAsPolicyError() throws {
        let error = try callError("local function f(n) return 1 + f(n + 1) end\nreturn f(1)")
        #expect(error?.kind == .runtime || error?.kind == .memory)
        #expect(error?.message.contains("stack overflow") == true || error?.kind == .memory)
    }

    @Test func cStackOverflowEndsAsPolicyError() throws {
        let error = try callError("""
            local t = setmetatable({}, {})
            getmetatable(t).__index = function(self, k) return self[k] end
            return t.x
            """)
        #expect(error?.kind == .runtime)
        #expect(error?.message.contains("stack overflow") == true)
    }

    @Test func cStackOverflowThroughNestedPcallAndGsub() throws {
        let error = try callError("""
            local function f(s) return (s:gsub('.', function(c) return f(c) end)) end
            return f('x')
            """)
        #expect(error?.kind == .runtime)
        #expect(error?.message.contains("stack overflow") == true)
    }

    @Test func cStackOverflowOnASmallThreadStack() throws {
        let policy = try fixture.load("""
            function canSelect()
              local t = setmetatable({}, {})
              getmetatable(t).__index = function(self, k) return self[k] end
              return t.x
            end
            """)
        let box = ErrorBox()
        let thread = Thread {
            box.error = PolicyFixture.error { _ = try policy.canSelect(day, context: PolicyContext()) }
            box.done.signal()
        }
        thread.stackSize = 256 << 10
        thread.start()
        #expect(box.done.wait(timeout: .now() + hangGuard) == .success)
        #expect(box.error?.kind == .runtime)
        #expect(box.error?.message.contains("stack overflow") == true)
    }

    @Test func pathologicalPatternEndsInBoundedTime() throws {
        let error = try callError("""
            local s = string.rep('a', 40)
            return string.find(s, string.rep('a*', 40) .. 'b') ~= nil
            """)
        #expect(error?.kind == .budget)
    }

    @Test func coroutineSpamIsRefused() throws {
        let error = try callError("""
            local co = {}
            for i = 1, 1e6 do co[i] = coroutine.create(function() while true do end end) end
            """)
        #expect(error?.kind == .sandbox)
    }
}

final class ErrorBox: @unchecked Sendable {
    var error: PolicyError?
    let done = DispatchSemaphore(value: 0)
}
