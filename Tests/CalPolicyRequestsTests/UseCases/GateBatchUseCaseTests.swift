import CalendarCore
import Rendering
import Testing
@testable import CalPolicyRequests

/// `gate --batch`: one answer a question, in order, each asked with its own today.
@Suite struct GateBatchUseCaseTests {
    @Test func eachInstantAcrossTheFreezeGetsItsOwnAnswer() throws {
        let policies = try UseCaseFixture.policies(["policies/change-freeze.lua"])
        let instants = ["2026-12-17T23:59:59Z", "2026-12-18T00:00:00Z", "2027-01-04T23:59:59Z", "2027-01-05T00:00:00Z"]
        let questions = try instants.map { try GateUseCase.question($0, zone: .utc, today: nil) }
        let states = try GateBatchUseCase.run(questions, policies: policies)
        #expect(states.map(\.isClosed) == [false, true, true, false])
        #expect(states.map { ZoneWallTime.utc.iso($0.instant) } == instants.map { String($0.dropLast()) + "+00:00" })
        // The same answers as one question at a time.
        for (question, state) in zip(questions, states) {
            #expect(try GateUseCase.run(question, policies: policies) == state)
        }
        let text = GateRenderer.document(states, zone: .utc, policies: ["freeze.lua"], json: false)
        #expect(text.split(separator: "\n").count == 4)
        #expect(text.hasPrefix("open until 2026-12-18T00:00:00+00:00 (then closed)\nclosed until 2027-01-05T00:00:00+00:00"))
    }

    @Test func noQuestionsNoAnswers() throws {
        #expect(try GateBatchUseCase.run([], policies: []).isEmpty)
    }
}
