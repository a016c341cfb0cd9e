import Testing
@testable import CalendarCore

@Suite struct SelectionMultipleTests {
    func controller(_ policies: [any DayPolicy], selection: [Day] = [], maxCount: Int? = nil) -> SelectionController {
        SelectionController(mode: .multiple, stack: PolicyStack(policies), context: PolicyContext(selection: selection),
                            limits: SelectionLimits(maxCount: maxCount))
    }

    @Test func allowedUnselectedDaysAreAddedAndReportedAscending() throws {
        var c = controller([ListPolicy(name: "p")])
        for iso in ["2026-03-20", "2026-03-05", "2026-03-12"] {
            #expect(try c.tap(try day(iso)).accepted)
        }
        #expect(c.selection == (try days("2026-03-05", "2026-03-12", "2026-03-20")))
        #expect(c.context.selection == c.selection)
    }

    @Test func addingPastTheMaximumCountIsRejected() throws {
        var c = controller([ListPolicy(name: "p")], selection: try days("2026-03-01", "2026-03-02"), maxCount: 2)
        let result = try c.tap(try day("2026-03-03"))
        #expect(!result.accepted)
        #expect(result.policy == nil)
        #expect(result.reason == "at most 2 days may be selected")
        #expect(c.selection == (try days("2026-03-01", "2026-03-02")))
        // Removing is still possible at the maximum, and makes room again.
        #expect(try c.tap(try day("2026-03-01")).accepted)
        #expect(try c.tap(try day("2026-03-03")).accepted)
    }

    @Test func allowedSelectedDayIsRemoved() throws {
        var c = controller([ListPolicy(name: "p")], selection: try days("2026-03-01", "2026-03-02"))
        let result = try c.tap(try day("2026-03-01"))
        #expect(result.accepted)
        #expect(result.selection == (try days("2026-03-02")))
    }

    @Test func deniedUnselectedDayIsRejected() throws {
        let blocked = try day("2026-03-07")
        var c = controller([ListPolicy(name: "p", denySelect: [blocked])])
        let result = try c.tap(blocked)
        #expect(!result.accepted)
        #expect(result.policy == "p")
        #expect(c.selection.isEmpty)
    }

    /// Removal asks only canDeselect: a day that has since become unselectable can
    /// still be removed.
    @Test func deniedSelectedDayIsStillRemoved() throws {
        let blocked = try day("2026-03-07")
        let log = CallLog()
        var c = controller([ListPolicy(name: "p", denySelect: [blocked], log: log)], selection: [blocked])
        let result = try c.tap(blocked)
        #expect(result.accepted)
        #expect(result.selection.isEmpty)
        #expect(log.selected.isEmpty)
        #expect(log.deselected == [blocked])
    }

    @Test func refusedDeselectionRejectsTheRemoval() throws {
        let locked = try day("2026-03-07")
        var c = controller([ListPolicy(name: "lock", denyDeselect: [locked])], selection: [locked])
        let result = try c.tap(locked)
        #expect(!result.accepted)
        #expect(result.reason == "2026-03-07 is locked by lock")
        #expect(c.selection == [locked])
    }
}
