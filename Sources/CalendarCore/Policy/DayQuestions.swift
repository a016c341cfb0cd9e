/// Which of a policy's three answers a caller needs for one day.
///
/// A stack stops asking a question once a policy has settled it (a denial, or a
/// decoration), so later policies are asked only what is still open — the same calls
/// the separate `canSelect`/`canDeselect`/`decoration(for:)` loops would make.
public struct DayQuestions: Hashable, Sendable {
    public var canSelect: Bool
    public var canDeselect: Bool
    public var decoration: Bool

    public init(canSelect: Bool = true, canDeselect: Bool = true, decoration: Bool = true) {
        self.canSelect = canSelect
        self.canDeselect = canDeselect
        self.decoration = decoration
    }

    public static let all = DayQuestions()

    public var isEmpty: Bool { !canSelect && !canDeselect && !decoration }
}

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
/// the days after it were not asked.
public struct DayAnswerBatch {
    public var answers: [DayAnswers]
    public var failure: (any Error)?

    public init(answers: [DayAnswers] = [], failure: (any Error)? = nil) {
        self.answers = answers
        self.failure = failure
    }
}
