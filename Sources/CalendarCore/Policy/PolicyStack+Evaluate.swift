extension PolicyStack {
    /// Everything the stack says about one day.
    public struct Outcome: Hashable, Sendable {
        public var select: Decision
        public var deselect: Decision
        /// The first decoration any policy gave, and that policy's name.
        public var decoration: Decoration?
        public var decorationPolicy: String?

        public init(select: Decision = .allowed, deselect: Decision = .allowed,
                    decoration: Decoration? = nil, decorationPolicy: String? = nil) {
            self.select = select
            self.deselect = deselect
            self.decoration = decoration
            self.decorationPolicy = decorationPolicy
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
        for policy in policies {
            let answers = try policy.answer(open, for: day, context: context)
            if open.canSelect, !answers.select.isAllowed {
                outcome.select = Decision(verdict: answers.select, policy: policy.name)
                open.canSelect = false
            }
            if open.canDeselect, !answers.deselect.isAllowed {
                outcome.deselect = Decision(verdict: answers.deselect, policy: policy.name)
                open.canDeselect = false
            }
            if open.decoration, let decoration = answers.decoration {
                outcome.decoration = decoration
                outcome.decorationPolicy = policy.name
                open.decoration = false
            }
            if open.isEmpty { break }
        }
        return outcome
    }
}
