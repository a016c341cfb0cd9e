import CalendarCore

/// `gate --batch` (and `gate --at` / `--now`, a batch of one): each question's state, in order.
/// One timeline per "today" and context the policies see, so a batch over one day's instants asks
/// each policy about each day once. The first policy failure ends the batch (nothing is answered).
public enum GateBatchUseCase {
    /// `overrides`: those loaded for this stack (`OverrideReview.load`); each question's context
    /// picks the ones covering it.
    public static func run(_ questions: [GateUseCase.Question], policies: [any DayPolicy],
                           overrides: [Override] = []) throws(RequestFailure) -> [GateState] {
        // One timeline per today and context the policies see: a line with another context is
        // another question (a scoped policy answers it differently), never a cached answer.
        struct Seen: Hashable { var today: Int, decision: DecisionContext }
        var timelines: [Seen: HoursTimeline] = [:]
        var states: [GateState] = []
        for question in questions {
            let seen = Seen(today: question.today.dayNumber, decision: question.decision)
            let timeline = timelines[seen] ?? GateUseCase.timeline(policies, question: question, overrides: overrides)
            timelines[seen] = timeline
            states.append(try GateUseCase.answer(question, timeline: timeline))
        }
        return states
    }
}
