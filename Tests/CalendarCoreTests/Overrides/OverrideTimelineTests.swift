import Foundation
import Testing
@testable import CalendarCore

/// An override in the timeline: its window cut out of what it lifts (never a hard freeze, never
/// a policy it does not name), only for questions its scope covers, only while active; the
/// answer names it and says whether it applied.
@Suite struct OverrideTimelineTests {
    func utc(_ text: String) -> Int64 { Int64(ISO8601DateFormatter().date(from: text)!.timeIntervalSince1970) }

    /// Closed every day, whole, with a reason and a rule.
    struct Frozen: DayPolicy {
        var name: String
        var overridable: OverrideRule = .open
        var scope: DecisionScope?
        func canSelect(_ day: Day, context: PolicyContext) throws -> Verdict { .denied(reason: name) }
    }

    func context(_ pairs: [(String, String)], overrides: [Override]) -> PolicyContext {
        var decision = DecisionContext()
        for (key, value) in pairs { try? decision.set(key, value) }
        return PolicyContext(decision: decision, overrides: overrides)
    }

    func override(_ id: String, scope: [String: [String]] = ["environment": ["production"]], policies: [String] = [],
                  from: String = "2026-12-27T22:00:00Z", until: String = "2026-12-28T02:00:00Z", ended: String? = nil) -> Override {
        Override(id: id, scope: DecisionScope(include: scope), from: utc(from), until: utc(until), reason: "fix " + id,
                 policies: policies, endedAt: ended.map(utc))
    }

    func state(_ policies: [any DayPolicy], at: String, _ pairs: [(String, String)], _ overrides: [Override]) throws -> GateState {
        try HoursTimeline(stack: PolicyStack(policies), zone: .utc, context: context(pairs, overrides: overrides)).state(at: utc(at))
    }

    @Test func anOverrideOpensWhatItLiftsUntilItEnds() throws {
        let opened = try state([Frozen(name: "freeze.lua")], at: "2026-12-27T23:00:00Z", [("environment", "production")],
                               [override("INC-1")])
        #expect(!opened.isClosed && opened.until == utc("2026-12-28T02:00:00Z"))
        #expect(opened.override?.override.id == "INC-1" && opened.override?.applied == true)
        let after = try state([Frozen(name: "freeze.lua")], at: "2026-12-28T02:00:00Z", [("environment", "production")],
                              [override("INC-1")])
        #expect(after.isClosed && after.override == nil)
    }

    @Test func aMissingOrOtherKeyNeverLetsItThrough() throws {
        for pairs in [[], [("environment", "staging")], [("service", "api")]] {
            let answer = try state([Frozen(name: "freeze.lua")], at: "2026-12-27T23:00:00Z", pairs, [override("INC-1")])
            #expect(answer.isClosed && answer.override == nil, "\(pairs)")
        }
    }

    @Test func aHardFreezeStaysClosedAndTheAnswerSaysWhy() throws {
        let hard = Frozen(name: "blackout.lua", overridable: .hardFreeze)
        let answer = try state([Frozen(name: "freeze.lua"), hard], at: "2026-12-27T23:00:00Z", [("environment", "production")],
                               [override("INC-1")])
        #expect(answer.isClosed && answer.closing?.policyIndex == 1)
        #expect(answer.override?.applied == false && answer.override?.why == "hard freeze")
    }

    /// Open every day, with data up to a last day: past it, closed ("no data for ...").
    struct Bounded: DayPolicy {
        var name: String
        var last: Day
        var dataHorizon: DataHorizon? { DataHorizon(first: nil, last: last, source: "its coverage") }
        func canSelect(_ day: Day, context: PolicyContext) throws -> Verdict { .allowed }
    }

    @Test func pastThePolicysDataStaysClosedUnderAnOverride() throws {
        // The policy's data ends 2026-12-27: the 28th is "we do not know", not a freeze to lift.
        let bounded = Bounded(name: "in.lua", last: try Day(year: 2026, month: 12, day: 27))
        let known = try state([bounded], at: "2026-12-27T23:00:00Z", [("environment", "production")], [override("INC-1")])
        #expect(!known.isClosed && known.override?.applied == false)
        let past = try state([bounded], at: "2026-12-28T01:00:00Z", [("environment", "production")], [override("INC-1")])
        #expect(past.isClosed && past.closing?.reason == "in.lua: no data for 2026-12-28 (its coverage ends 2026-12-27)")
        #expect(past.override?.applied == false && past.override?.why == "past the data of in.lua")
    }

    @Test func aPolicyItDoesNotNameStaysClosed() throws {
        let answer = try state([Frozen(name: "a/freeze.lua"), Frozen(name: "sundays.lua")], at: "2026-12-27T23:00:00Z",
                               [("environment", "production")], [override("INC-1", policies: ["freeze"])])
        #expect(answer.isClosed && answer.override?.why == "does not lift sundays.lua")
        let both = try state([Frozen(name: "a/freeze.lua"), Frozen(name: "sundays.lua")], at: "2026-12-27T23:00:00Z",
                             [("environment", "production")], [override("INC-1", policies: ["freeze.lua", "sundays"])])
        #expect(!both.isClosed && both.override?.applied == true)
    }

    @Test func anEndedOrFutureOverrideNeverApplies() throws {
        let ended = override("INC-1", ended: "2026-12-27T22:30:00Z")
        #expect(try state([Frozen(name: "f.lua")], at: "2026-12-27T23:00:00Z", [("environment", "production")], [ended]).isClosed)
        #expect(try !state([Frozen(name: "f.lua")], at: "2026-12-27T22:10:00Z", [("environment", "production")], [ended]).isClosed)
        let future = override("INC-2", from: "2026-12-29T00:00:00Z", until: "2026-12-29T04:00:00Z")
        let before = try state([Frozen(name: "f.lua")], at: "2026-12-27T23:00:00Z", [("environment", "production")], [future])
        #expect(before.isClosed && before.override == nil)
    }

    @Test func openWithoutItIsSaid() throws {
        struct Open: DayPolicy { var name = "open.lua" }
        let answer = try state([Open()], at: "2026-12-27T23:00:00Z", [("environment", "production")], [override("INC-1")])
        #expect(!answer.isClosed && answer.override?.applied == false && answer.override?.why == "open without it")
    }

    @Test func theOverridesRuleIsTheOppositeOfAPolicysScope() {
        let scope = DecisionScope(include: ["environment": ["prod-*"]], exclude: ["service": ["billing"]])
        func decision(_ pairs: [(String, String)]) -> DecisionContext {
            var context = DecisionContext()
            for (key, value) in pairs { try? context.set(key, value) }
            return context
        }
        #expect(!scope.covers(decision([])))
        #expect(!scope.covers(decision([("environment", "prod-eu")])))                      // exclusion not ruled out
        #expect(scope.covers(decision([("environment", "prod-eu"), ("service", "api")])))
        #expect(!scope.covers(decision([("environment", "prod-eu"), ("service", "billing")])))
        #expect(!scope.covers(decision([("environment", "staging"), ("service", "api")])))
        #expect(!scope.isOutside(decision([])))                                              // a policy's: missing keys stay in
        #expect(DecisionScope(include: ["environment": ["production"]]).mayMeet(DecisionScope(include: ["environment": ["prod*"]])))
        #expect(!DecisionScope(include: ["environment": ["production"]]).mayMeet(DecisionScope(include: ["environment": ["staging"]])))
        #expect(DecisionScope(include: ["environment": ["production"]]).mayMeet(DecisionScope(include: ["service": ["api"]])))
    }
}
