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
            self.select = select
            self.deselect = deselect
            self.decoration = decoration
            self.decorationPolicy = decorationPolicy
            self.decorationPolicyIndex = decorationPolicyIndex
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

    /// `evaluate(_:context:)` appending to `outcomes` in place: a long span's outcomes are
    /// written once, not built per batch and copied (each copy retains every text it holds).
    public func evaluate(_ days: [Day], context: PolicyContext, appendingTo outcomes: inout [Outcome]) throws {
        let base = outcomes.count
        // Appended one by one: `append(contentsOf: repeatElement(...))` copied each empty
        // outcome through its value witness (~450 instructions a day of a long `eval`).
        outcomes.reserveCapacity(base + days.count)
        for _ in 0..<days.count { outcomes.append(Outcome()) }
        var open = [DayQuestions](repeating: .all, count: days.count)
        var limit = days.count
        var failure: (any Error)?
        for (policyIndex, policy) in policies.enumerated() where limit > 0 {
            let batch = limit == days.count ? policy.answers(open, for: days, context: context)
                : policy.answers(Array(open[..<limit]), for: Array(days[..<limit]), context: context)
            // Each answer read where it lies: iterating the array copied every answer (its texts
            // retained and released) only to look at whether it denied or decorated.
            batch.answers.withUnsafeBufferPointer { answers in
                guard let first = answers.baseAddress else { return }
                for index in 0..<Swift.min(answers.count, limit) {
                    merge(first + index, from: policy, at: policyIndex, into: &outcomes[base + index],
                          open: &open[index])
                }
            }
            if let error = batch.failure, batch.answers.count < limit {
                limit = batch.answers.count
                failure = error
            }
        }
        if let failure {
            outcomes.removeSubrange(base...)
            throw failure
        }
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

    private func merge(_ answers: DayAnswers, from policy: any DayPolicy, at index: Int, into outcome: inout Outcome,
                       open: inout DayQuestions) {
        withUnsafePointer(to: answers) { merge($0, from: policy, at: index, into: &outcome, open: &open) }
    }

    /// Only a denial or a decoration is copied out of `answers` (most days have neither).
    private func merge(_ answers: UnsafePointer<DayAnswers>, from policy: any DayPolicy, at index: Int,
                       into outcome: inout Outcome, open: inout DayQuestions) {
        if open.canSelect, case .denied = answers.pointee.select {
            outcome.select = Decision(verdict: answers.pointee.select, policy: policy.name, policyIndex: index)
            open.canSelect = false
        }
        if open.canDeselect, case .denied = answers.pointee.deselect {
            outcome.deselect = Decision(verdict: answers.pointee.deselect, policy: policy.name, policyIndex: index)
            open.canDeselect = false
        }
        if open.decoration, case .some(let decoration) = answers.pointee.decoration {
            outcome.decoration = decoration
            outcome.decorationPolicy = policy.name
            outcome.decorationPolicyIndex = index
            open.decoration = false
        }
    }
}
