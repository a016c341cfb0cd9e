import CalendarCore
import PolicyEngine
import Testing
@testable import CalPolicyRequests

/// `explain`: each policy's answers for a day with the line of the `return` that gave each,
/// from policies loaded again with tracing on.
@Suite struct ExplainUseCaseTests {
    static let paths = ["policies/weekends.lua", "policies/us-federal-holidays.lua"]

    func explain(_ days: [String]) throws -> [PolicyExplanation] {
        let sources = try Self.paths.map { path in (path: path, bytes: try PolicySources.read(path)) }
        return try ExplainUseCase.explain(days.map(UseCaseFixture.day), sources: sources,
                                          evaluation: try UseCaseFixture.evaluation(), print: nil)
    }

    @Test func christmasIsDecidedByTheHolidaysPolicyAtALine() throws {
        let explanation = try #require(try explain(["2026-12-25"]).first)
        #expect(explanation.day.iso == "2026-12-25")
        #expect(explanation.answers.count == 2)
        #expect(explanation.answers[0].canSelect.isAllowed)  // a Friday: weekends.lua allows it
        let decider = try #require(explanation.selectDecider)
        #expect(decider.path == "policies/us-federal-holidays.lua")
        #expect(decider.canSelect.reason?.hasPrefix("Christmas Day") == true)
        #expect(decider.canSelectLine != nil)
    }

    @Test func aSaturdayIsDecidedByTheWeekendsPolicy() throws {
        let explanations = try explain(["2026-12-26", "2026-12-23"])
        #expect(explanations.count == 2)
        #expect(explanations[0].selectDecider?.path == "policies/weekends.lua")
        #expect(explanations[1].selectDecider == nil)  // a Wednesday no policy denies
    }
}
