/// One policy's answers to `DayQuestions`; what was not asked stays at its default
/// (allowed, no decoration).
public struct DayAnswers: Hashable, Sendable {
    public var select: Verdict
    public var deselect: Verdict
    public var decoration: Decoration?

    public init(select: Verdict = .allowed, deselect: Verdict = .allowed, decoration: Decoration? = nil) {
        self.select = select
        self.deselect = deselect
        self.decoration = decoration
    }
}

/// A policy's answers for consecutive questions about many days: `answers[i]` for day
/// `i`, as far as it got. When `failure` is set, day `answers.count` failed with it and
/// the days after it were not asked; the answers before it may then have lost their texts
/// (a Lua run unwound by the error), so they serve to know what was settled, not to show.
public struct DayAnswerBatch {
    public var answers: [DayAnswers]
    public var failure: (any Error)?

    public init(answers: [DayAnswers] = [], failure: (any Error)? = nil) {
        self.answers = answers
        self.failure = failure
    }
}
