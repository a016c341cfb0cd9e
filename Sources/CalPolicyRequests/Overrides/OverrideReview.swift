import CalendarCore

/// An override held against the policies of a stack, as it is loaded: refused (naming file and
/// field) when it names a hard freeze, is longer than the smallest `maxHours` of the policies
/// it would lift (named, not hard, their scope able to meet its own: `DecisionScope.mayMeet`), lacks a ticket one of them requires, or is approved by someone none of their
/// `approvers` lists. `approvedBy` in `approvers` is a review convention, not an identity check.
public enum OverrideReview {
    /// What the review needs of a policy: its name and its `overridable` (a server keeps these
    /// per stack version, so no policy set is leased to check an override).
    public struct Policy: Sendable {
        public var name: String
        public var overridable: OverrideRule
        public var scope: DecisionScope?

        public init(name: String, overridable: OverrideRule, scope: DecisionScope? = nil) {
            (self.name, self.overridable, self.scope) = (name, overridable, scope)
        }
        public init(_ policy: any DayPolicy) { self.init(name: policy.name, overridable: policy.overridable, scope: policy.scope) }
    }

    public static func check(_ override: Override, file: String, policies: [any DayPolicy]) throws(OverrideProblem) {
        try check(override, file: file, policies: policies.map(Policy.init))
    }

    public static func check(_ override: Override, file: String, policies: [Policy]) throws(OverrideProblem) {
        for policy in policies where policy.overridable.isHardFreeze && !override.policies.isEmpty && override.names(policy.name) {
            throw OverrideProblem(file: file, field: "policies", "'\(InputEcho.cut(policy.name))' is a hard freeze "
                                  + "(overridable = false): nothing lifts it")
        }
        // The policies it would lift: named, not a hard freeze, and able to meet its scope (an
        // override for staging never lifts a production-only freeze, so that freeze's rules
        // do not hold it back).
        let lifted = policies.filter {
            !$0.overridable.isHardFreeze && override.names($0.name) && $0.scope?.mayMeet(override.scope) != false
        }
        if let tightest = lifted.filter({ $0.overridable.maxHours != nil })
            .min(by: { ($0.overridable.maxHours ?? 0) < ($1.overridable.maxHours ?? 0) }),
           let limit = tightest.overridable.maxHours, override.hours > Int64(limit) {
            throw OverrideProblem(file: file, field: "until", "the override lasts \(override.hours) hours; "
                                  + "'\(InputEcho.cut(tightest.name))' allows at most \(limit) (overridable.maxHours)")
        }
        if override.ticket == nil, let strict = lifted.first(where: { $0.overridable.requireTicket }) {
            throw OverrideProblem(file: file, field: "ticket", "is required by '\(InputEcho.cut(strict.name))' (overridable.requireTicket)")
        }
        for policy in lifted {
            guard let approvers = policy.overridable.approvers else { continue }
            guard let approver = override.approvedBy else {
                throw OverrideProblem(file: file, field: "approvedBy", "is required by '\(InputEcho.cut(policy.name))' "
                                      + "(overridable.approvers: \(approvers.joined(separator: ", ")))")
            }
            guard approvers.contains(approver) else {
                throw OverrideProblem(file: file, field: "approvedBy", "'\(InputEcho.cut(approver))' is not an approver of "
                                      + "'\(InputEcho.cut(policy.name))' (overridable.approvers: \(approvers.joined(separator: ", ")))")
            }
        }
    }

    /// The folder's overrides that stand for this stack, and the refused ones.
    public static func load(_ entries: [OverrideFolder.Entry], policies: [any DayPolicy])
        -> (overrides: [Override], refused: [OverrideProblem]) {
        load(entries, policies: policies.map(Policy.init))
    }

    public static func load(_ entries: [OverrideFolder.Entry], policies: [Policy])
        -> (overrides: [Override], refused: [OverrideProblem]) {
        var overrides: [Override] = [], refused: [OverrideProblem] = []
        for entry in entries {
            switch entry {
            case .refused(let problem): refused.append(problem)
            case .loaded(let override, let file):
                do {
                    try check(override, file: file, policies: policies)
                    overrides.append(override)
                } catch {
                    refused.append(error)
                }
            }
        }
        return (overrides, refused)
    }
}
