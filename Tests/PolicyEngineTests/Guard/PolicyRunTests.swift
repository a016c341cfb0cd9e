import CalendarCore
import Foundation
import LuaHost
import Synchronization
import Testing
@testable import PolicyEngine

/// The guard of a run: one deadline for all the Lua a run makes, a stop a policy cannot
/// catch, stuck work handed to the host, and one memory pool for the run's states.
@Suite struct PolicyRunTests {
    let fixture = PolicyFixture()
    let context = PolicyContext()

    /// No instruction budget: only the deadline can stop it, and its own pcall tries to outlast it.
    static let endless = """
        return { canSelect = function(day)
          while true do pcall(function() local n = 0 for i = 1, 1000000 do n = n + i end end) end
        end }
        """

    func unbudgeted() -> LuaPolicyOptions {
        var options = LuaPolicyOptions()
        options.instructionBudget = 0
        return options
    }

    @Test func theDeadlineStopsCodeThatCatchesEveryError() throws {
        let policy = try fixture.load(Self.endless, options: unbudgeted())
        let run = PolicyRun(limits: RunLimits(deadline: 0.2), onStuck: { _ in Issue.record("not stuck") })
        let started = Date()
        let error = PolicyFixture.error {
            _ = try run.perform { () throws -> Verdict in try policy.canSelect(.at("2026-12-01"), context: context) }
        }
        #expect(error?.kind == .timeout)
        #expect(error?.message == "did not finish within 0.2 s; stopped (the time limit of a run, --timeout)")
        #expect(error?.line == 2)
        // The loop is endless: any finite end proves the deadline; the bound only keeps a
        // sanitizer build on a loaded machine from reading as a failure.
        #expect(Date().timeIntervalSince(started) < 30)
        #expect(run.wasStopped)
    }

    @Test func everyLaterCallOfAStoppedRunFailsAtOnce() throws {
        let slow = try fixture.load(Self.endless, name: "slow.lua", options: unbudgeted())
        let quick = try fixture.load("return { canSelect = function(day) return true end }", name: "quick.lua")
        let run = PolicyRun(limits: RunLimits(deadline: 0.1), onStuck: { _ in })
        run.perform {
            _ = try? slow.canSelect(.at("2026-12-01"), context: context)
            let error = PolicyFixture.error { _ = try quick.canSelect(.at("2026-12-02"), context: context) }
            #expect(error?.kind == .timeout)
            #expect(error?.file.hasSuffix("quick.lua") == true)
        }
        // Outside the run the same policy answers again.
        #expect(try quick.canSelect(.at("2026-12-02"), context: context) == .allowed)
    }

    @Test func aRunWithinItsDeadlineIsLeftAlone() throws {
        let policy = try fixture.load("return { canSelect = function(day) return day.day ~= 13, 'thirteenth' end }")
        let run = PolicyRun(limits: RunLimits(deadline: 5), onStuck: { _ in Issue.record("not stuck") })
        let outcomes = try run.perform { () throws -> [PolicyStack.Outcome] in
            try PolicyStack([policy]).evaluate(DaySpan(.at("2026-01-01"), .at("2026-12-31")), context: context)
        }
        #expect(outcomes.count == 365)
        #expect(outcomes.filter { !$0.select.isAllowed }.count == 12)
        #expect(!run.wasStopped)
    }

    /// A host callback that blocks stands for a C function no hook reaches.
    struct BlockingBridge: LuaDateBridge {
        func convert(dayNumber: Int, calendar: String) throws(LuaBridgeError) -> LuaCalendarDate {
            let end = Date().addingTimeInterval(1.2)
            while Date() < end { usleep(10_000) } // a signal cuts one sleep short, not the block
            return LuaCalendarDate(year: 1, month: 1, day: 1, era: nil, isLeapMonth: false)
        }

        func dayNumber(calendar: String, year: Int, month: Int, day: Int, isLeapMonth: Bool) throws(LuaBridgeError) -> Int { 0 }
    }

    @Test func workStuckOutsideLuaIsHandedToTheHostOnce() throws {
        let state = try PolicyLuaState(dateBridge: BlockingBridge())
        let tag = try #require(state.registerCalendar("hebrew"))
        _ = try state.loadPolicy(Array("return { canSelect = function(day) return day.calendar.year > 0 end }".utf8),
                                 path: "blocking.lua")
        let reports = Mutex<[String]>([])
        let run = PolicyRun(limits: RunLimits(deadline: 0.1, stuckGrace: 0.3)) { description in
            reports.withLock { $0.append(description) }
        }
        let failure: LuaError? = run.perform { () -> LuaError? in
            do throws(LuaError) {
                _ = try state.callVerdict(.canSelect, dayNumber: 0, calendarTag: tag, today: nil)
                return nil
            } catch {
                return error
            }
        }
        #expect(failure?.kind == .timeout)
        let seen = reports.withLock { $0 }
        #expect(seen.count == 1)
        #expect(seen.first?.contains("did not finish within 0.1 s") == true)
        #expect(seen.first?.contains("stuck inside a library function") == true)
    }

    @Test func thePoolCapsTheRunsStatesTogether() throws {
        let hog = """
            local keep = {}
            for i = 1, 6 do keep[i] = string.rep(string.char(64 + i), 1 << 20) end
            return { canSelect = function(day) return #keep == 6 end }
            """
        let run = PolicyRun(limits: RunLimits(memory: 16 << 20), onStuck: { _ in })
        let error = PolicyFixture.error {
            try run.perform { () throws in
                var loaded: [LuaPolicy] = []
                for index in 0..<4 { loaded.append(try fixture.load(hog, name: "hog\(index).lua")) }
            }
        }
        #expect(error?.kind == .memory)
        #expect(error?.message == "memory limit of 16777216 bytes for all policies of the run exceeded")
        #expect(error?.file.hasSuffix("hog2.lua") == true)
        // Each alone fits its own cap, and closed states give their memory back.
        #expect(run.memoryPool.used == 0)
        let alone = try run.perform { () throws -> LuaPolicy in try fixture.load(hog, name: "alone.lua") }
        #expect(run.memoryPool.used > 6 << 20)
        _ = alone
    }
}
