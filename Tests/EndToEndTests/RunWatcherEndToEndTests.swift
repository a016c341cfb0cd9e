import Foundation
import Testing

/// A command's process starts the run watcher (the patrol thread) only when its run needs it:
/// until then a one-shot look on the run's own thread arms the budget of a call still running
/// and asks for the watcher, which the run's thread starts at its next protected call, budget
/// hook, or call or return of Lua. These run in fresh processes, where no earlier run has
/// started the watcher, under both budget modes.
@Suite struct RunWatcherEndToEndTests {
    private static let modes = ["sliced", "strict"]

    @Test(arguments: modes) func aRunawayCallInAFreshProcessStopsAtItsBudget(mode: String) throws {
        let files = try TemporaryFiles()
        let policy = try files.write("spin.lua", "return { canSelect = function(day) while true do end end }")
        let result = try CalpolicyBinary.run(["eval", policy, "--month", "2026-12"],
                                             environment: ["CALPOLICY_BUDGET": mode], timeout: 30)
        #expect(!result.timedOut && !result.signalled)
        #expect(result.status == 3, "\(result.stderr)")
        #expect(result.stderrLines == [
            "calpolicy: \(policy):1: instruction budget of 10000000 exhausted (in canSelect for 2026-12-01)",
        ])
    }

    /// Few Lua instructions between long C calls: the count hook alone would not come round in
    /// time, so the look also listens for the next call or return, and the deadline holds.
    @Test(arguments: modes) func aLoadSpendingItsTimeInCStillMeetsTheRunsDeadline(mode: String) throws {
        // The hostile corpus's load that sorts 200,000 numbers 200 times (seconds without a deadline).
        let policy = CalpolicyBinary.packageRoot.appendingPathComponent("Tests/Hostile/fixtures/w-slow-load.lua").path
        let started = Date()
        let result = try CalpolicyBinary.run(["eval", policy, "--month", "2026-12", "--timeout", "0.3"],
                                             environment: ["CALPOLICY_BUDGET": mode], timeout: 30)
        #expect(!result.timedOut && !result.signalled)
        #expect(result.status == 3, "\(result.stderr)")
        #expect(result.stderrLines.count == 1)
        #expect(result.stderr.contains("did not finish within 0.3 s; stopped (the time limit of a run, --timeout)"))
        #expect(Date().timeIntervalSince(started) < 20)
    }

    /// A call that returns before the first look leaves nothing behind: the answer is as always.
    @Test(arguments: modes) func aShortRunAnswersAsBefore(mode: String) throws {
        let holidays = CalpolicyBinary.packageRoot.appendingPathComponent("policies/us-federal-holidays.lua").path
        let result = try CalpolicyBinary.run(["eval", holidays, "--month", "2026-12", "--format", "csv"],
                                             environment: ["CALPOLICY_BUDGET": mode])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("2026-12-25"))
        #expect(result.stdout.contains("Christmas Day"))
    }
}
