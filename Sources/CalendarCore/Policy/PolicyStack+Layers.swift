extension PolicyStack {
    /// Every policy's own answers — may the day be selected, its decoration — for every day of
    /// `span`, whether or not an earlier policy already decided: `result[p][i]` is policy `p`'s
    /// answer for the `i`th day. A stack normally stops asking once a day is decided; a feed of
    /// named windows needs each layer's view (a freeze runs across the weekend another layer
    /// denied first). Each policy is asked `batchSize` days per call (one crossing into Lua for a
    /// run of days); the first failure ends it.
    public func layers(_ span: DaySpan, context: PolicyContext, batchSize: Int = 1024) throws -> [[DayAnswers]] {
        let asked = DayQuestions(canSelect: true, canDeselect: false, decoration: true)
        var result: [[DayAnswers]] = []
        result.reserveCapacity(policies.count)
        for policy in policies {
            var answers: [DayAnswers] = []
            answers.reserveCapacity(span.count)
            for run in span.runs(of: batchSize) {
                let days = Array(run)
                let batch = policy.answers([DayQuestions](repeating: asked, count: days.count), for: days,
                                           context: context)
                if let failure = batch.failure { throw failure }
                answers.append(contentsOf: batch.answers)
            }
            result.append(answers)
        }
        return result
    }
}
