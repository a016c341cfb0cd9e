import CalendarCore
import Foundation
import PolicyEngine
import Testing
@testable import CalPolicyCLI

@Suite struct WatchdogTests {
    @Test func aWholeDayNamesEveryFunctionThatMayBeRunning() throws {
        let day = try Day(iso: "2026-12-01")
        #expect(Watchdog.describe(subject: "p.lua", functions: .all, day: day)
            == "p.lua: canSelect/canDeselect/decorationFor for 2026-12-01")
        let two = DayQuestions(canSelect: true, canDeselect: false, decoration: true)
        #expect(Watchdog.describe(subject: "p.lua", functions: two, day: day) == "p.lua: canSelect/decorationFor for 2026-12-01")
        #expect(Watchdog.describe(subject: "p.lua", functions: DayQuestions(canSelect: false, canDeselect: true, decoration: false), day: day)
            == "p.lua: canDeselect for 2026-12-01")
        #expect(Watchdog.describe(subject: "p.lua: loading", functions: .none, day: nil) == "p.lua: loading")
        #expect(Watchdog.describe(subject: "p.lua", functions: two, day: day, through: day.adding(days: 31))
            == "p.lua: canSelect/decorationFor for 2026-12-01…2027-01-01")
    }

    @Test func subjectsAreRegisteredOnce() {
        let first = Watchdog.shared.register("watchdog-test-subject.lua")
        #expect(Watchdog.shared.register("watchdog-test-subject.lua") == first)
        #expect(Watchdog.shared.register("watchdog-test-other.lua") != first)
    }

    @Test func lineNamesTheWorkAndTheLimit() {
        #expect(Watchdog.line(for: "p.lua: canSelect for 2026-12-01", limit: 5)
            == "calpolicy: p.lua: canSelect for 2026-12-01 did not finish within 5 s; stopped (a time limit for work the instruction budget cannot interrupt)")
        #expect(Watchdog.line(for: "p.lua: loading", limit: 0.5).contains("within 0.5 s"))
    }

    /// A watchdog of its own: the shared one is also used by tests running in parallel.
    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var value: UInt64 = 0
        func bump() { lock.withLock { value += 1 } }
        func read() -> UInt64 { lock.withLock { value } }
    }

    @Test func nothingIsOverdueOutsideWatchedWork() {
        let watchdog = Watchdog(limit: 5, progress: { 0 })
        #expect(watchdog.overdueLine(now: 0) == nil)
        #expect(watchdog.overdueLine(now: 1e12) == nil)
        watchdog.watch("done") { () -> Void in }
        #expect(watchdog.overdueLine(now: 2e12) == nil)
    }

    @Test func watchedWorkIsOverdueOnlyPastTheLimit() {
        let watchdog = Watchdog(limit: 5, progress: { 0 })
        watchdog.watch("demo") { () -> Void in
            #expect(watchdog.overdueLine(now: 100) == nil)    // first look
            #expect(watchdog.overdueLine(now: 104) == nil)    // within the limit
            #expect(watchdog.overdueLine(now: 106)?.contains("demo did not finish within 5 s") == true)
        }
        #expect(watchdog.overdueLine(now: 1e12) == nil)
    }

    @Test func newWorkRestartsTheClock() {
        let watchdog = Watchdog(limit: 5, progress: { 0 })
        watchdog.watch("first") { () -> Void in #expect(watchdog.overdueLine(now: 100) == nil) }
        watchdog.watch("second") { () -> Void in
            #expect(watchdog.overdueLine(now: 200) == nil)
            #expect(watchdog.overdueLine(now: 206)?.contains("second did not finish") == true)
        }
    }

    @Test func finishedCallsInsideARunCountAsProgress() throws {
        let counter = Counter()
        let watchdog = Watchdog(limit: 5, progress: { counter.read() })
        let subject = watchdog.register("p.lua")
        let first = try Day(iso: "2026-12-01")
        watchdog.enter(subject, functions: .all, day: first, through: first.adding(days: 31))
        #expect(watchdog.overdueLine(now: 100) == nil)
        counter.bump()                                        // a call in the run finished
        #expect(watchdog.overdueLine(now: 104) == nil)
        #expect(watchdog.overdueLine(now: 108) == nil)        // 4 s since that progress
        let line = watchdog.overdueLine(now: 110)             // 6 s without progress
        #expect(line?.contains("p.lua: canSelect/canDeselect/decorationFor for 2026-12-01…2027-01-01 did not finish") == true)
        watchdog.leave()
        #expect(watchdog.overdueLine(now: 1e12) == nil)
    }

    @Test func luaCallsAreCountedAsTheyFinish() throws {
        let before = LuaPolicy.callsFinished
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("watchdog-\(UUID().uuidString).lua").path
        _ = FileManager.default.createFile(atPath: path, contents: Data("function canSelect(day) return true end".utf8))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let policy = try LuaPolicy(path: path)
        _ = try policy.canSelect(try Day(iso: "2026-12-01"), context: PolicyContext())
        _ = try policy.answer(.all, for: try Day(iso: "2026-12-02"), context: PolicyContext())
        #expect(LuaPolicy.callsFinished >= before + 2)
    }

    @Test func sharedWatchdogUsesTheDefaultLimit() {
        #expect(Watchdog.shared.limit > 0)
    }
}
