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

    /// Two lines of one day with different contexts are two questions: a scoped freeze answers
    /// each by its own context, never from the other's timeline (the batch keeps one per today
    /// and context).
    @Test func eachLineIsAnsweredWithItsOwnContext() throws {
        let policies = try UseCaseFixture.policies(["Tests/fixtures/scope/production-freeze.lua"])
        let lines = ["2026-12-24T10:00:00Z",
                     #"{"at": "2026-12-24T10:00:00Z", "context": {"environment": "staging"}}"#,
                     #"{"at": "2026-12-24T11:00:00Z", "context": {"environment": "prod-eu", "labels": {"team": "x"}}}"#,
                     #"{"at": "2026-12-24T12:00:00Z"}"#]
        let questions = try lines.map { try GateUseCase.batchQuestion($0, zone: .utc, today: nil, contextEntries: []) }
        #expect(try GateBatchUseCase.run(questions, policies: policies).map(\.isClosed) == [true, false, true, true])
        // The command's --context is the base a line's context overrides.
        let staged = try lines.map {
            try GateUseCase.batchQuestion($0, zone: .utc, today: nil, contextEntries: ["environment=staging"])
        }
        #expect(try GateBatchUseCase.run(staged, policies: policies).map(\.isClosed) == [false, false, true, false])
        for bad in [#"{"at": "2026-12-24T10:00:00Z", "context": {"enviroment": "x"}}"#, #"{"context": {}}"#,
                    #"{"at": "2026-12-24T10:00:00Z", "extra": 1}"#, #"{"at": 1}"#, "{not json",
                    #"{"at": "2026-12-24T10:00:00Z", "context": {"service": 3}}"#] {
            #expect(throws: RequestError.self, "\(bad)") {
                try GateUseCase.batchQuestion(bad, zone: .utc, today: nil, contextEntries: [])
            }
        }
    }
}
