import Testing
@testable import CalendarCore

/// `RangeRule.skip` and restoring a supplied state (`restore(selection:pending:)`).
@Suite struct SelectionRangeRuleTests {
    func controller(_ policies: [any DayPolicy], mode: SelectionMode = .range, limits: SelectionLimits = .init(),
                    rule: RangeRule = .skip) -> SelectionController {
        SelectionController(mode: mode, stack: PolicyStack(policies), limits: limits, rangeRule: rule)
    }

    @Test func skipSelectsOnlyTheSelectableDaysAndListsTheOthers() throws {
        let policy = ListPolicy(name: "holidays", denySelect: Set(try days("2026-03-12", "2026-03-14")))
        var c = controller([policy])
        _ = try c.tap(try day("2026-03-10"))
        let result = try c.tap(try day("2026-03-16"))
        #expect(result.accepted)
        #expect(result.selection == (try days("2026-03-10", "2026-03-11", "2026-03-13", "2026-03-15", "2026-03-16")))
        #expect(result.leftOut == (try days("2026-03-12", "2026-03-14")))
        #expect(c.pending == nil)
    }

    @Test func skipStillRejectsADeniedEnd() throws {
        let blocked = try day("2026-03-16")
        var c = controller([ListPolicy(name: "p", denySelect: [blocked])])
        _ = try c.tap(try day("2026-03-10"))
        let result = try c.tap(blocked)
        #expect(!result.accepted)
        #expect(result.policy == "p")
        #expect(c.pending == (try day("2026-03-10")))
    }

    @Test func rejectIsTheDefaultAndUnchanged() throws {
        let policy = ListPolicy(name: "holidays", denySelect: [try day("2026-03-12")])
        var c = SelectionController(mode: .range, stack: PolicyStack([policy]))
        #expect(c.rangeRule == .reject)
        _ = try c.tap(try day("2026-03-10"))
        let result = try c.tap(try day("2026-03-14"))
        #expect(!result.accepted)
        #expect(result.deniedDay == (try day("2026-03-12")))
        #expect(result.leftOut.isEmpty)
    }

    @Test func lengthLimitsCountSelectedDaysUnderSkip() throws {
        let policy = ListPolicy(name: "p", denySelect: Set(try days("2026-03-11", "2026-03-12")))
        var c = controller([policy], limits: SelectionLimits(minLength: 3, maxLength: 3))
        _ = try c.tap(try day("2026-03-10"))
        // 10...13 spans four days but selects two.
        let short = try c.tap(try day("2026-03-13"))
        #expect(!short.accepted)
        #expect(short.reason?.contains("selects 2") == true)
        let exact = try c.tap(try day("2026-03-14"))
        #expect(exact.accepted)
        #expect(exact.selection == (try days("2026-03-10", "2026-03-13", "2026-03-14")))
        var d = controller([policy], limits: SelectionLimits(maxLength: 3))
        _ = try d.tap(try day("2026-03-10"))
        // Five days, three selected: within a maximum of three.
        #expect(try d.tap(try day("2026-03-14")).accepted)
    }

    @Test func restoreChecksEveryDay() throws {
        let denied = try day("2026-03-12")
        var c = controller([ListPolicy(name: "holidays", denySelect: [denied])], mode: .multiple)
        let refusal = try c.restore(selection: try days("2026-03-10", "2026-03-12"), pending: nil)
        #expect(refusal?.day == denied)
        #expect(refusal?.policy == "holidays")
        #expect(c.selection.isEmpty)
        #expect(try c.restore(selection: try days("2026-03-11", "2026-03-10", "2026-03-10"), pending: nil) == nil)
        #expect(c.selection == (try days("2026-03-10", "2026-03-11")))
        #expect(try c.tap(try day("2026-03-10")).selection == (try days("2026-03-11")))
    }

    @Test func restorePendingThenCompleteTheRange() throws {
        var c = controller([ListPolicy(name: "p")], rule: .reject)
        #expect(try c.restore(selection: [], pending: try day("2026-03-10")) == nil)
        let result = try c.tap(try day("2026-03-12"))
        #expect(result.accepted)
        #expect(result.selection == (try days("2026-03-10", "2026-03-11", "2026-03-12")))
    }

    @Test func restoreRefusesADeniedPendingAndBadShapes() throws {
        let denied = try day("2026-03-12")
        var c = controller([ListPolicy(name: "p", denySelect: [denied])])
        #expect(try c.restore(selection: [], pending: denied)?.day == denied)
        var single = controller([ListPolicy(name: "p")], mode: .single)
        let two = try single.restore(selection: try days("2026-03-10", "2026-03-11"), pending: nil)
        #expect(two?.day == nil)
        #expect(two?.reason.contains("at most one day") == true)
        var multiple = controller([ListPolicy(name: "p")], mode: .multiple)
        #expect(try multiple.restore(selection: [], pending: try day("2026-03-10"))?.reason.contains("range mode") == true)
    }

    @Test func completingARangeAsksToDeselectARestoredSelection() throws {
        let locked = try day("2026-03-02")
        var c = controller([ListPolicy(name: "lock", denyDeselect: [locked])])
        #expect(try c.restore(selection: [locked], pending: try day("2026-03-10")) == nil)
        let result = try c.tap(try day("2026-03-12"))
        #expect(!result.accepted)
        #expect(result.deniedDay == locked)
    }
}
