extension PolicyStack {
    /// Everything the stack says about one day.
    public struct Outcome: Hashable, Sendable {
        public var select: Decision
        public var deselect: Decision
        /// The first decoration any policy gave, and that policy's name (for display) and
        /// index in the stack's `policies` (which policy it was).
        public var decoration: Decoration?
        public var decorationPolicy: String?
        public var decorationPolicyIndex: Int?

        public init(select: Decision = .allowed, deselect: Decision = .allowed,
                    decoration: Decoration? = nil, decorationPolicy: String? = nil, decorationPolicyIndex: Int? = nil) {
            (self.select, self.deselect, self.decoration) = (select, deselect, decoration)
            (self.decorationPolicy, self.decorationPolicyIndex) = (decorationPolicy, decorationPolicyIndex)
        }
    }

    /// `canSelect`, `canDeselect` and `decoration(for:)` in one pass over the policies,
    /// each policy asked once for whatever is still open. The answers equal the three
    /// separate calls; only the order of calls across policies differs (a policy's own
    /// questions come together), which matters only to which of two failing policies is
    /// reported first.
    public func evaluate(_ day: Day, context: PolicyContext) throws -> Outcome {
        var open = DayQuestions.all
        var outcome = Outcome()
        for (index, policy) in policies.enumerated() {
            merge(try policy.answer(open, for: day, context: context), from: policy, at: index, into: &outcome,
                  open: &open)
            if open.isEmpty { break }
        }
        return outcome
    }

    /// `evaluate(_:context:)` for many days, each policy asked about all of them in one
    /// go (one crossing into Lua for a run of days). Same answers and same error as day
    /// by day: the error of the earliest failing day, from the first policy that failed
    /// on it; no policy is asked about a day after that except the policies before the
    /// failing one, about days of this batch (so only a policy's side effects, such as
    /// its `print` lines, can show the difference).
    public func evaluate(_ days: [Day], context: PolicyContext) throws -> [Outcome] {
        var outcomes: [Outcome] = []
        try evaluate(days, context: context, appendingTo: &outcomes)
        return outcomes
    }

    /// Every day of `span`, asked `batchSize` days at a time (see `evaluate(_:context:)` for
    /// a batch): what a calendar view or a report over a long span wants.
    public func evaluate(_ span: DaySpan, context: PolicyContext, batchSize: Int = 32) throws -> [Outcome] {
        var outcomes: [Outcome] = []
        outcomes.reserveCapacity(span.count)
        var batch: [Day] = []
        batch.reserveCapacity(Swift.max(1, batchSize))
        var next = span.first
        while next <= span.last {
            batch.removeAll(keepingCapacity: true)
            while batch.count < Swift.max(1, batchSize), next <= span.last {
                batch.append(next)
                next = next.adding(days: 1)
            }
            try evaluate(batch, context: context, appendingTo: &outcomes)
        }
        return outcomes
    }
}
