import CalendarCore
import Rendering

/// `workdays --batch`: many questions asked of one stack, each day asked once whatever the
/// number of questions holding it (one `WorkdaysUseCase.BusinessDays` kept for the batch).
/// A question without a business day within `WorkdaysUseCase.searchYears` years is a line
/// that says so; any other failure (a policy error) ends the batch.
public enum WorkdaysBatchUseCase {
    public static func run(_ questions: [WorkdaysUseCase.Question], policies: [any DayPolicy],
                           evaluation: EvaluationOptions) throws(RequestFailure) -> [WorkdaysAnswer.Line] {
        let days = WorkdaysUseCase.BusinessDays(policies: policies, evaluation: evaluation)
        var lines: [WorkdaysAnswer.Line] = []
        for question in questions {
            do throws(RequestFailure) {
                lines.append(.answer(try WorkdaysUseCase.answer(question, days: days)))
            } catch {
                guard case .noBusinessDay(let from, let years) = error else { throw error }
                lines.append(.noBusinessDay(from: from, years: years))
            }
        }
        return lines
    }
}
