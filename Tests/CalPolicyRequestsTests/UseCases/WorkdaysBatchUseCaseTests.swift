import CalendarCore
import Rendering
import Testing
@testable import CalPolicyRequests

/// `workdays --batch`: the answers one question at a time gives, in order, from one evaluation
/// of the stack; a question with no business day is a line of its own, not the end of the batch.
@Suite struct WorkdaysBatchUseCaseTests {
    @Test func aBatchAnswersAsOneQuestionAtATime() throws {
        let policies = try UseCaseFixture.policies(["policies/weekends.lua", "policies/us-federal-holidays.lua"])
        let evaluation = try UseCaseFixture.evaluation()
        let questions = try ["add 2026-12-25 0", "between 2026-12-21 2026-12-28", "add 2026-07-03 -1",
                             "between 2027-01-01 2026-01-01"].map { try WorkdaysUseCase.question(line: $0) }
        let lines = try WorkdaysBatchUseCase.run(questions, policies: policies, evaluation: evaluation)
        #expect(lines.count == 4)
        for (question, line) in zip(questions, lines) {
            #expect(line == .answer(try WorkdaysUseCase.run(question, policies: policies, evaluation: evaluation)))
        }
        #expect(WorkdaysRenderer.batch(lines, policies: [], json: false).split(separator: "\n").prefix(2) == ["2026-12-28", "4"])
    }

    @Test func aStackClosedEveryDayAnswersEachLineWithoutABusinessDay() throws {
        let questions = try ["add 2026-12-24 1", "add 2027-06-01 0"].map { try WorkdaysUseCase.question(line: $0) }
        let lines = try WorkdaysBatchUseCase.run(questions, policies: [ClosedPolicy()], evaluation: try UseCaseFixture.evaluation())
        #expect(lines == [.noBusinessDay(from: "2026-12-24", years: 10), .noBusinessDay(from: "2027-06-01", years: 10)])
        #expect(WorkdaysRenderer.batch(lines, policies: [], json: true)
            == "error: no business day within 10 years of 2026-12-24\nerror: no business day within 10 years of 2027-06-01\n")
    }
}
