/// Policies combined in order: a day is allowed only if every policy allows it;
/// the first denial (its reason and policy) is reported; the first decoration wins.
public struct PolicyStack: Sendable {
    public var policies: [any DayPolicy]

    public init(_ policies: [any DayPolicy] = []) {
        self.policies = policies
    }

    /// A stacked answer, naming the policy that decided a denial.
    public struct Decision: Hashable, Sendable {
        public var verdict: Verdict
        /// The policy that denied; nil when allowed.
        public var policy: String?

        public static let allowed = Decision(verdict: .allowed, policy: nil)

        public var isAllowed: Bool { verdict.isAllowed }
    }

    public func canSelect(_ day: Day, context: PolicyContext) throws -> Decision {
        for policy in policies {
            let verdict = try policy.canSelect(day, context: context)
            if !verdict.isAllowed { return Decision(verdict: verdict, policy: policy.name) }
        }
        return .allowed
    }

    public func canDeselect(_ day: Day, context: PolicyContext) throws -> Decision {
        for policy in policies {
            let verdict = try policy.canDeselect(day, context: context)
            if !verdict.isAllowed { return Decision(verdict: verdict, policy: policy.name) }
        }
        return .allowed
    }

    /// The first decoration any policy gives, with the policy that gave it.
    public func decoration(for day: Day, context: PolicyContext) throws -> (decoration: Decoration, policy: String)? {
        for policy in policies {
            if let decoration = try policy.decoration(for: day, context: context) {
                return (decoration, policy.name)
            }
        }
        return nil
    }
}
