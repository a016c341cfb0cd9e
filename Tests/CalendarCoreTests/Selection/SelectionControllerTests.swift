import Testing
@testable import CalendarCore

@Suite struct SelectionControllerTests {
    /// Runs taps that must all be rejected and checks that nothing moved.
    @Test(arguments: SelectionMode.allCases)
    func rejectedTapsChangeNothing(_ mode: SelectionMode) throws {
        let blocked = try day("2026-03-18")
        let locked = Set(try days("2026-03-09", "2026-03-10", "2026-03-11", "2026-03-12", "2026-03-13", "2026-03-14",
                                  "2026-03-15", "2026-03-01"))
        var c = SelectionController(mode: mode, stack: PolicyStack([ListPolicy(name: "p", denySelect: [blocked])]),
                                    firstWeekday: 2)
        _ = try c.tap(try day("2026-03-10"))
        if mode == .range { _ = try c.tap(try day("2026-03-12")) }
        c.stack = PolicyStack([ListPolicy(name: "p", denySelect: [blocked], denyDeselect: locked)])
        var rejections = 0
        for iso in ["2026-03-18", "2026-03-20", "2026-03-10"] {
            let before = (c.selection, c.pending)
            let result = try c.tap(try day(iso))
            if !result.accepted {
                #expect(result.selection == before.0)
                #expect(c.selection == before.0)
                #expect(c.pending == before.1)
                rejections += 1
            }
        }
        #expect(rejections >= 1)
        // The denied day is rejected in every mode.
        #expect(try !c.tap(blocked).accepted)
    }

    @Test(arguments: SelectionMode.allCases)
    func policyErrorsPropagateAndChangeNothing(_ mode: SelectionMode) throws {
        let bad = try day("2026-03-19")
        var c = SelectionController(mode: mode, stack: PolicyStack([ThrowingPolicy(failOn: [bad])]))
        _ = try c.tap(try day("2026-02-17"))
        let before = (c.selection, c.pending)
        #expect(throws: PolicyFailure(day: bad)) { try c.tap(bad) }
        #expect(c.selection == before.0)
        #expect(c.pending == before.1)
    }

    @Test func initialSelectionIsSortedAndDeduplicated() throws {
        let c = SelectionController(mode: .multiple, stack: PolicyStack(),
                                    context: PolicyContext(selection: try days("2026-03-05", "2026-03-01", "2026-03-05")))
        #expect(c.selection == (try days("2026-03-01", "2026-03-05")))
    }

    @Test func policiesSeeTheSelectionHeldWhenAsked() throws {
        struct NoMoreThanTwo: DayPolicy {
            var name: String { "two" }
            func canSelect(_ day: Day, context: PolicyContext) throws -> Verdict {
                context.selection.count >= 2 ? .denied(reason: "two is enough") : .allowed
            }
        }
        var c = SelectionController(mode: .multiple, stack: PolicyStack([NoMoreThanTwo()]))
        #expect(try c.tap(try day("2026-03-01")).accepted)
        #expect(try c.tap(try day("2026-03-02")).accepted)
        let third = try c.tap(try day("2026-03-03"))
        #expect(third.reason == "two is enough")
    }

    @Test func weekdaysOnlyAndBoundsCombineInEveryMode() throws {
        let stack = PolicyStack([IncludeDaysPolicy(.weekdays),
                                 BoundsPolicy(min: try day("2026-03-04"), max: try day("2026-03-25"))])
        for mode in SelectionMode.allCases {
            var c = SelectionController(mode: mode, stack: stack, firstWeekday: 2)
            #expect(try !c.tap(try day("2026-03-14")).accepted, "weekend inside bounds, \(mode)")
            #expect(try !c.tap(try day("2026-03-02")).accepted, "weekday before min, \(mode)")
            #expect(try !c.tap(try day("2026-03-27")).accepted, "weekday after max, \(mode)")
            #expect(try c.tap(try day("2026-03-05")).accepted, "weekday inside, \(mode)")
        }
    }
}
