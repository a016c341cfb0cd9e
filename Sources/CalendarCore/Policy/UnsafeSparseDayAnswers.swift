/// A policy's answers for a run of days, holding only the days it refused or decorated: the
/// rest of the `answered` days (nearly all of a long span) were allowed both ways and
/// undecorated. `DayAnswerBatch` with the empty answers left out.
///
/// Why: the stack merges only refusals and decorations into a run's outcomes; a run of 1,024
/// empty answers was made (as bytes), walked and destroyed one by one for each Lua policy,
/// ~90 instructions a day of an all-allowed span.
public struct SparseDayAnswers {
    /// Days answered from the run's first (all of them unless `failure`).
    public var answered: Int
    /// The run's indices of the days whose answer is not empty, ascending, each below `answered`.
    public var indices: [Int]
    /// `answers[k]` is the answer of day `indices[k]`.
    public var answers: [DayAnswers]
    /// As `DayAnswerBatch.failure`: day `answered` failed with it, the days after it were not asked.
    public var failure: (any Error)?
    /// Answers many days have whole, each held once (a weekly rule's: every Saturday of the
    /// run): day `sharedDays[k]` has the answer `shared[sharedAnswer[k]]`. No day is both here
    /// and in `indices`. Why: a weekend layer copied its answer into the run once per weekend
    /// day (two copies and a destroy, ~400 instructions a day).
    public var shared: [DayAnswers] = []
    public var sharedDays: [Int] = []
    public var sharedAnswer: [Int32] = []

    public init(answered: Int, indices: [Int] = [], answers: [DayAnswers] = [], failure: (any Error)? = nil) {
        (self.answered, self.indices, self.answers, self.failure) = (answered, indices, answers, failure)
    }

    /// The answers of a whole batch, the empty ones left out.
    public init(_ batch: DayAnswerBatch) {
        self.init(answered: batch.answers.count, failure: batch.failure)
        batch.answers.withUnsafeBufferPointer { all in
            for index in all.indices where !DayAnswers.isEmpty(all.baseAddress! + index) {
                indices.append(index)
                answers.append(all[index])
            }
        }
    }

    /// Every answered day's answer, the empty ones made again.
    public var batch: DayAnswerBatch {
        var all = DayAnswers.empty(count: answered)
        for (k, index) in indices.enumerated() where index < answered { all[index] = answers[k] }
        for (k, index) in sharedDays.enumerated() where index < answered { all[index] = shared[Int(sharedAnswer[k])] }
        return DayAnswerBatch(answers: all, failure: failure)
    }
}

extension DayAnswers {
    /// Allowed both ways and undecorated, read where the answer lies (patterns: comparing with
    /// `DayAnswers()` copied both).
    @inline(__always)
    static func isEmpty(_ answer: UnsafePointer<DayAnswers>) -> Bool {
        if case .allowed = answer.pointee.select, case .allowed = answer.pointee.deselect,
           case .none = answer.pointee.decoration {
            return true
        }
        return false
    }
}
