extension PolicyStack {
    /// `canSelect` for every day of `span`, in runs of `batchSize` days, each run one batch
    /// per policy (for a Lua policy, one crossing): what a range tap asks about the days it
    /// spans. Each day's decision is the first denial, as `canSelect(_:context:)` gives it;
    /// a failure is the earliest failing day's, from the first policy that failed on it.
    public func canSelect(_ span: DaySpan, context: PolicyContext, batchSize: Int = 1024) throws -> [Decision] {
        var decisions: [Decision] = []
        decisions.reserveCapacity(span.count)
        for part in span.runs(of: batchSize) {
            let days = Array(part)
            var open = [DayQuestions](repeating: DayQuestions(canSelect: true, canDeselect: false, decoration: false),
                                      count: days.count)
            var run = [Decision](repeating: .allowed, count: days.count)
            var limit = days.count
            var failure: (any Error)?
            for (policyIndex, policy) in policies.enumerated() where limit > 0 {
                let batch = policy.answers(Array(open[..<limit]), for: Array(days[..<limit]), context: context)
                for (index, answers) in batch.answers.enumerated() where index < limit && open[index].canSelect {
                    if !answers.select.isAllowed {
                        run[index] = Decision(verdict: answers.select, policy: policy.name, policyIndex: policyIndex)
                        open[index].canSelect = false
                    }
                }
                if let error = batch.failure, batch.answers.count < limit {
                    limit = batch.answers.count
                    failure = error
                }
            }
            if let failure { throw failure }
            decisions.append(contentsOf: run)
        }
        return decisions
    }
}
