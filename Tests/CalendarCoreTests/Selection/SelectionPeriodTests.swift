import Testing
@testable import CalendarCore

@Suite struct SelectionPeriodTests {
    func controller(_ mode: SelectionMode, _ policies: [any DayPolicy], firstWeekday: Int = 2) -> SelectionController {
        SelectionController(mode: mode, stack: PolicyStack(policies), firstWeekday: firstWeekday)
    }

    @Test func weekTapSelectsAllowedDaysAndListsTheRest() throws {
        var c = controller(.week, [IncludeDaysPolicy(.weekdays)])
        let result = try c.tap(try day("2026-03-11"))
        #expect(result.accepted)
        #expect(result.selection == (try days("2026-03-09", "2026-03-10", "2026-03-11", "2026-03-12", "2026-03-13")))
        #expect(result.leftOut == (try days("2026-03-14", "2026-03-15")))
    }

    @Test func weekStartsOnTheControllersFirstWeekday() throws {
        var c = controller(.week, [], firstWeekday: 1)
        let result = try c.tap(try day("2026-03-11"))
        #expect(result.selection.first == (try day("2026-03-08")))
        #expect(result.selection.count == 7)
    }

    @Test func tapInsideTheSelectionClearsIt() throws {
        var c = controller(.week, [])
        _ = try c.tap(try day("2026-03-11"))
        let result = try c.tap(try day("2026-03-13"))
        #expect(result.accepted)
        #expect(result.selection.isEmpty)
        #expect(result.leftOut.isEmpty)
    }

    @Test func tapInAnotherWeekMovesTheSelectionAfterAskingAboutEveryRemovedDay() throws {
        let log = CallLog()
        var c = controller(.week, [ListPolicy(name: "p", log: log)])
        _ = try c.tap(try day("2026-03-11"))
        let result = try c.tap(try day("2026-03-18"))
        #expect(result.selection.first == (try day("2026-03-16")))
        #expect(result.selection.count == 7)
        #expect(log.deselected == Array(DaySpan(try day("2026-03-09"), try day("2026-03-15"))))
    }

    @Test func deniedTapIsRejected() throws {
        var c = controller(.week, [IncludeDaysPolicy(.weekdays)])
        let result = try c.tap(try day("2026-03-14"))
        #expect(!result.accepted)
        #expect(result.policy == "include-days")
        #expect(c.selection.isEmpty)
    }

    @Test func clearingAsksCanDeselectForEveryDay() throws {
        let locked = try day("2026-03-12")
        let log = CallLog()
        var c = controller(.week, [ListPolicy(name: "lock", denyDeselect: [locked], log: log)])
        _ = try c.tap(try day("2026-03-11"))
        let clear = try c.tap(try day("2026-03-09"))
        #expect(!clear.accepted)
        #expect(clear.deniedDay == locked)
        #expect(c.selection.count == 7)
        let move = try c.tap(try day("2026-03-20"))
        #expect(!move.accepted)
        #expect(c.selection.first == (try day("2026-03-09")))
        #expect(log.deselected.contains(try day("2026-03-09")))
    }

    @Test func monthTapSelectsTheAllowedDaysOfTheMonth() throws {
        var c = controller(.month, [BoundsPolicy(min: try day("2026-02-10"))])
        let result = try c.tap(try day("2026-02-14"))
        #expect(result.selection == Array(DaySpan(try day("2026-02-10"), try day("2026-02-28"))))
        #expect(result.leftOut == Array(DaySpan(try day("2026-02-01"), try day("2026-02-09"))))
        let clear = try c.tap(try day("2026-02-27"))
        #expect(clear.selection.isEmpty)
    }

    @Test func monthModeUsesTheContextCalendar() throws {
        var c = SelectionController(mode: .month, stack: PolicyStack(),
                                    context: PolicyContext(calendar: ShortMonthCalendar()))
        let result = try c.tap(Day(dayNumber: 33 * 4 + 31))
        #expect(result.selection == Array(DaySpan(Day(dayNumber: 33 * 4 + 30), Day(dayNumber: 33 * 4 + 32))))
    }
}
