import CalendarCore
import Testing
@testable import CalPolicyCLI

@Suite struct WatchdogTests {
    @Test func aWholeDayNamesEveryFunctionThatMayBeRunning() throws {
        let day = try Day(iso: "2026-12-01")
        let all = Watchdog.Action.day.rawValue | Watchdog.Action.functions(.all)
        #expect(Watchdog.describe(subject: "p.lua", action: all, day: day)
            == "p.lua: canSelect/canDeselect/decorationFor for 2026-12-01")
        let two = Watchdog.Action.day.rawValue
            | Watchdog.Action.functions(DayQuestions(canSelect: true, canDeselect: false, decoration: true))
        #expect(Watchdog.describe(subject: "p.lua", action: two, day: day) == "p.lua: canSelect/decorationFor for 2026-12-01")
        #expect(Watchdog.describe(subject: "p.lua", action: Watchdog.Action.canDeselect.rawValue, day: day)
            == "p.lua: canDeselect for 2026-12-01")
        #expect(Watchdog.describe(subject: "p.lua: loading", action: 0, day: nil) == "p.lua: loading")
        #expect(Watchdog.describe(subject: "p.lua", action: two, day: day, through: day.adding(days: 31))
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

    @Test func nothingIsOverdueOutsideWatchedWork() {
        #expect(Watchdog.shared.overdueLine(now: 1e12) == nil)
    }

    @Test func watchedWorkIsOverdueOnlyPastTheLimit() {
        let limit = Watchdog.shared.limit
        Watchdog.shared.watch("demo") { () -> Void in
            #expect(Watchdog.shared.overdueLine(now: 0) == nil)
            #expect(Watchdog.shared.overdueLine(now: 1e12)?.contains("demo did not finish within") == true)
        }
        #expect(limit > 0)
        #expect(Watchdog.shared.overdueLine(now: 1e12) == nil)
    }
}
