import Testing
@testable import CalendarCore

@Suite struct SelectionRangeTests {
    func controller(_ policies: [any DayPolicy], limits: SelectionLimits = .init()) -> SelectionController {
        SelectionController(mode: .range, stack: PolicyStack(policies), limits: limits)
    }

    @Test func rangeIsEmptyUntilSecondTap() throws {
        var c = controller([ListPolicy(name: "p")])
        let first = try c.tap(try day("2026-03-10"))
        #expect(first.accepted)
        #expect(first.selection.isEmpty)
        #expect(first.pending == (try day("2026-03-10")))
        let second = try c.tap(try day("2026-03-13"))
        #expect(second.accepted)
        #expect(second.pending == nil)
        #expect(second.selection == (try days("2026-03-10", "2026-03-11", "2026-03-12", "2026-03-13")))
    }

    @Test func secondTapBeforeTheFirstMakesTheSameRange() throws {
        var c = controller([ListPolicy(name: "p")])
        _ = try c.tap(try day("2026-03-13"))
        let result = try c.tap(try day("2026-03-11"))
        #expect(result.selection == (try days("2026-03-11", "2026-03-12", "2026-03-13")))
    }

    @Test func sameDayTwiceIsAOneDayRange() throws {
        var c = controller([ListPolicy(name: "p")])
        _ = try c.tap(try day("2026-03-10"))
        let result = try c.tap(try day("2026-03-10"))
        #expect(result.accepted)
        #expect(result.selection == (try days("2026-03-10")))
    }

    @Test func thirdTapStartsOverAfterAskingToDeselectTheRange() throws {
        let log = CallLog()
        var c = controller([ListPolicy(name: "p", log: log)])
        _ = try c.tap(try day("2026-03-10"))
        _ = try c.tap(try day("2026-03-12"))
        let third = try c.tap(try day("2026-03-20"))
        #expect(third.accepted)
        #expect(third.selection.isEmpty)
        #expect(third.pending == (try day("2026-03-20")))
        #expect(log.deselected == (try days("2026-03-10", "2026-03-11", "2026-03-12")))
    }

    @Test func startingOverIsRejectedWhenADayMayNotBeDeselected() throws {
        let locked = try day("2026-03-11")
        var c = controller([ListPolicy(name: "lock", denyDeselect: [locked])])
        _ = try c.tap(try day("2026-03-10"))
        _ = try c.tap(try day("2026-03-12"))
        let result = try c.tap(try day("2026-03-20"))
        #expect(!result.accepted)
        #expect(result.deniedDay == locked)
        #expect(c.selection.count == 3)
        #expect(c.pending == nil)
    }

    @Test func deniedInsideDayRejectsAndNamesTheFirst() throws {
        let policy = ListPolicy(name: "holidays", denySelect: Set(try days("2026-03-12", "2026-03-14")))
        var c = controller([policy])
        _ = try c.tap(try day("2026-03-10"))
        let result = try c.tap(try day("2026-03-16"))
        #expect(!result.accepted)
        #expect(result.policy == "holidays")
        #expect(result.deniedDay == (try day("2026-03-12")))
        #expect(result.reason?.contains("2026-03-12") == true)
        #expect(result.pending == (try day("2026-03-10")))
        #expect(c.pending == (try day("2026-03-10")))
        #expect(c.selection.isEmpty)
        // The kept endpoint can still complete a clean range.
        #expect(try c.tap(try day("2026-03-11")).selection == (try days("2026-03-10", "2026-03-11")))
    }

    @Test func deniedTapIsRejectedInBothStates() throws {
        let blocked = try day("2026-03-15")
        var c = controller([ListPolicy(name: "p", denySelect: [blocked])])
        #expect(try !c.tap(blocked).accepted)
        #expect(c.pending == nil)
        _ = try c.tap(try day("2026-03-10"))
        let result = try c.tap(blocked)
        #expect(!result.accepted)
        #expect(result.deniedDay == nil)
        #expect(c.pending == (try day("2026-03-10")))
    }

    @Test func minimumLengthIsEnforced() throws {
        var c = controller([ListPolicy(name: "p")], limits: SelectionLimits(minLength: 3))
        _ = try c.tap(try day("2026-03-10"))
        let short = try c.tap(try day("2026-03-11"))
        #expect(!short.accepted)
        #expect(short.reason?.contains("at least 3 days") == true)
        #expect(c.pending == (try day("2026-03-10")))
        #expect(try c.tap(try day("2026-03-12")).accepted)
    }

    @Test func maximumLengthIsEnforcedBeforeAskingAboutInsideDays() throws {
        let log = CallLog()
        var c = controller([ListPolicy(name: "p", log: log)], limits: SelectionLimits(maxLength: 7))
        _ = try c.tap(try day("2026-03-01"))
        let long = try c.tap(try day("2026-03-31"))
        #expect(!long.accepted)
        #expect(long.reason?.contains("at most 7 days") == true)
        #expect(log.selected == (try days("2026-03-01", "2026-03-31")))
        #expect(try c.tap(try day("2026-03-07")).selection.count == 7)
    }
}
