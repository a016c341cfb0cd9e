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
        /// The name of the policy that denied, for display; nil when allowed. Two policies
        /// may share a name (`a/rules.lua`, `b/rules.lua`): `policyIndex` says which one it was.
        public var policy: String?
        /// The denying policy's index in the stack's `policies`; nil when allowed.
        public var policyIndex: Int?

        public init(verdict: Verdict, policy: String?, policyIndex: Int? = nil) {
            (self.verdict, self.policy, self.policyIndex) = (verdict, policy, policyIndex)
        }

        /// Computed, not stored: a stored static was read through its lazy initialiser and
        /// copied through the type's value witness for every empty outcome of a long report.
        public static var allowed: Decision { Decision(verdict: .allowed, policy: nil) }

        public var isAllowed: Bool { verdict.isAllowed }
    }

    public func canSelect(_ day: Day, context: PolicyContext) throws -> Decision {
        for (index, policy) in policies.enumerated() {
            let verdict = try policy.canSelect(day, context: context)
            if !verdict.isAllowed { return Decision(verdict: verdict, policy: policy.name, policyIndex: index) }
        }
        return .allowed
    }

    public func canDeselect(_ day: Day, context: PolicyContext) throws -> Decision {
        for (index, policy) in policies.enumerated() {
            let verdict = try policy.canDeselect(day, context: context)
            if !verdict.isAllowed { return Decision(verdict: verdict, policy: policy.name, policyIndex: index) }
        }
        return .allowed
    }

    /// The first decoration any policy gives, with the name and stack index of the policy that gave it.
    public func decoration(for day: Day, context: PolicyContext) throws
        -> (decoration: Decoration, policy: String, policyIndex: Int)?
    {
        for (index, policy) in policies.enumerated() {
            if let decoration = try policy.decoration(for: day, context: context) {
                return (decoration, policy.name, index)
            }
        }
        return nil
    }
}
