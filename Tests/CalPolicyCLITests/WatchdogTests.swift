import Testing
@testable import CalPolicyCLI

@Suite struct WatchdogTests {
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
