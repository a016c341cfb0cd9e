import CalendarCore

/// `gate --batch` (and `gate --at` / `--now`, a batch of one): each question's state, in order.
/// One timeline per "today" the policies see, so a batch over one day's instants asks each
/// policy about each day once. The first policy failure ends the batch (nothing is answered).
public enum GateBatchUseCase {
    public static func run(_ questions: [GateUseCase.Question], policies: [any DayPolicy]) throws(RequestFailure) -> [GateState] {
        var timelines: [Int: HoursTimeline] = [:]
        var states: [GateState] = []
        for question in questions {
            let timeline = timelines[question.today.dayNumber] ?? GateUseCase.timeline(policies, question: question)
            timelines[question.today.dayNumber] = timeline
            states.append(try GateUseCase.answer(question, timeline: timeline))
        }
        return states
    }
}
