import CalendarCore
import PolicyEngine
import Rendering
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

    /// An override the stack accepts, covering the question and meeting the day, is listed with
    /// the explanation; one for another context, another day, or refused by the stack is not.
    @Test func theOverridesMeetingTheDayAreListed() throws {
        let sources = try Self.paths.map { path in (path: path, bytes: try PolicySources.read(path)) }
        var evaluation = try UseCaseFixture.evaluation([(OptionCatalogue.context, "environment=production")])
        evaluation.settings.decision = try ValueParser.context(["environment=production"], option: OptionCatalogue.context)
        func entry(_ id: String, _ environment: String, from: Int64) -> OverrideFolder.Entry {
            .loaded(Override(id: id, scope: DecisionScope(include: ["environment": [environment]]), from: from,
                             until: from + 7200, reason: "fix " + id), file: id + ".json")
        }
        let christmasEve = Int64(UseCaseFixture.day("2026-12-24").dayNumber) * 86_400
        let explained = try ExplainUseCase.explain([UseCaseFixture.day("2026-12-24")], sources: sources, evaluation: evaluation,
                                                   print: nil, overrides: [entry("A", "production", from: christmasEve + 3600),
                                                                           entry("B", "staging", from: christmasEve + 3600),
                                                                           entry("C", "production", from: christmasEve + 3 * 86_400)])
        #expect(explained.first?.overrides.map(\.id) == ["A"])
        #expect(ExplainRenderer.text(try #require(explained.first)).contains("override A "))
    }

    @Test func aSaturdayIsDecidedByTheWeekendsPolicy() throws {
        let explanations = try explain(["2026-12-26", "2026-12-23"])
        #expect(explanations.count == 2)
        #expect(explanations[0].selectDecider?.path == "policies/weekends.lua")
        #expect(explanations[1].selectDecider == nil)  // a Wednesday no policy denies
    }
}
