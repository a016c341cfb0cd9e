import Testing
@testable import CalendarCore

@Suite struct SelectionSingleTests {
    func controller(_ policies: [any DayPolicy], selection: [Day] = []) -> SelectionController {
        SelectionController(mode: .single, stack: PolicyStack(policies), context: PolicyContext(selection: selection))
    }

    @Test func allowedDayReplacesTheSelection() throws {
        var c = controller([ListPolicy(name: "p")])
        let first = try c.tap(try day("2026-03-10"))
        #expect(first.accepted)
        #expect(first.selection == (try days("2026-03-10")))
        let second = try c.tap(try day("2026-03-12"))
        #expect(second.accepted)
        #expect(c.selection == (try days("2026-03-12")))
    }

    @Test func tappingTheSelectedDayKeepsIt() throws {
        let log = CallLog()
        var c = controller([ListPolicy(name: "p", log: log)], selection: try days("2026-03-10"))
        let result = try c.tap(try day("2026-03-10"))
        #expect(result.accepted)
        #expect(result.selection == (try days("2026-03-10")))
        #expect(log.deselected.isEmpty)
    }

    @Test func deniedDayIsRejectedWithReasonAndPolicy() throws {
        let blocked = try day("2026-03-11")
        var c = controller([ListPolicy(name: "first"), ListPolicy(name: "second", denySelect: [blocked])],
                           selection: try days("2026-03-10"))
        let result = try c.tap(blocked)
        #expect(!result.accepted)
        #expect(result.policy == "second")
        #expect(result.reason == "2026-03-11 is blocked by second")
        #expect(result.selection == (try days("2026-03-10")))
        #expect(c.selection == (try days("2026-03-10")))
    }

    @Test func replacingAsksCanDeselectForTheReplacedDay() throws {
        let held = try day("2026-03-10")
        let log = CallLog()
        var c = controller([ListPolicy(name: "lock", denyDeselect: [held], log: log)], selection: [held])
        let result = try c.tap(try day("2026-03-12"))
        #expect(!result.accepted)
        #expect(result.policy == "lock")
        #expect(result.deniedDay == held)
        #expect(log.deselected == [held])
        #expect(c.selection == [held])
    }

    @Test func everyReplacedDayIsAskedEvenFromASeededSelection() throws {
        let log = CallLog()
        var c = controller([ListPolicy(name: "p", log: log)], selection: try days("2026-03-02", "2026-03-01"))
        let result = try c.tap(try day("2026-03-05"))
        #expect(result.accepted)
        #expect(log.deselected == (try days("2026-03-01", "2026-03-02")))
        #expect(c.selection == (try days("2026-03-05")))
    }
}
