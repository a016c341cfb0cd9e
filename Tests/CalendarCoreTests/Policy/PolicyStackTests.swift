import Testing
@testable import CalendarCore

@Suite struct PolicyStackTests {
    struct Decorating: DayPolicy {
        var name: String
        var label: String?
        func decoration(for day: Day, context: PolicyContext) throws -> Decoration? {
            label.map { Decoration(kind: .default, label: $0) }
        }
    }

    @Test func everyPolicyMustAllowAndTheFirstDenialIsReported() throws {
        let d = try day("2026-03-10")
        let stack = PolicyStack([ListPolicy(name: "a"), ListPolicy(name: "b", denySelect: [d]),
                                 ListPolicy(name: "c", denySelect: [d])])
        let decision = try stack.canSelect(d, context: PolicyContext())
        #expect(decision.policy == "b")
        #expect(decision.verdict.reason == "2026-03-10 is blocked by b")
        #expect(try stack.canSelect(d.adding(days: 1), context: PolicyContext()) == .allowed)
        #expect(try PolicyStack().canSelect(d, context: PolicyContext()) == .allowed)
    }

    @Test func deselectionIsDecidedTheSameWay() throws {
        let d = try day("2026-03-10")
        let stack = PolicyStack([ListPolicy(name: "a", denyDeselect: [d]), ListPolicy(name: "b", denyDeselect: [d])])
        #expect(try stack.canDeselect(d, context: PolicyContext()).policy == "a")
    }

    @Test func firstDecorationWins() throws {
        let stack = PolicyStack([Decorating(name: "none", label: nil), Decorating(name: "first", label: "1"),
                                 Decorating(name: "second", label: "2")])
        let found = try stack.decoration(for: try day("2026-03-10"), context: PolicyContext())
        #expect(found?.policy == "first")
        #expect(found?.decoration.label == "1")
        #expect(try PolicyStack([Decorating(name: "none", label: nil)])
            .decoration(for: try day("2026-03-10"), context: PolicyContext()) == nil)
    }

    @Test func policyErrorsPropagate() throws {
        let d = try day("2026-03-10")
        let stack = PolicyStack([ListPolicy(name: "a"), ThrowingPolicy(failOn: [d])])
        #expect(throws: PolicyFailure(day: d)) { try stack.canSelect(d, context: PolicyContext()) }
        #expect(throws: PolicyFailure(day: d)) { try stack.canDeselect(d, context: PolicyContext()) }
    }
}
