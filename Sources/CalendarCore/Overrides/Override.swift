/// A break-glass override: for questions its scope covers, inside `[from, until)`, the policies
/// it lifts (`policies`, all when empty; never a hard freeze) are open, and every answer names
/// it. Read from one reviewed file each (`OverrideFile` in the request layer); instants are
/// seconds since the epoch.
public struct Override: Hashable, Sendable {
    public var id: String
    /// Where it applies. The opposite rule to a policy's scope: an override applies only when
    /// the question gives every key of its scope and each matches (`DecisionScope.covers`).
    public var scope: DecisionScope
    public var from: Int64
    public var until: Int64
    public var reason: String
    public var ticket: String?
    public var requestedBy: String?
    public var approvedBy: String?
    /// The policies it lifts, by file name (`freeze.lua` or `freeze`); empty: all.
    public var policies: [String]
    /// Ended early (`DELETE /v1/overrides/ID`): never active from this instant on.
    public var endedAt: Int64?

    public init(id: String, scope: DecisionScope, from: Int64, until: Int64, reason: String, ticket: String? = nil,
                requestedBy: String? = nil, approvedBy: String? = nil, policies: [String] = [], endedAt: Int64? = nil) {
        (self.id, self.scope, self.from, self.until, self.reason) = (id, scope, from, until, reason)
        (self.ticket, self.requestedBy, self.approvedBy, self.policies, self.endedAt) = (ticket, requestedBy, approvedBy, policies, endedAt)
    }

    /// When it stops applying: `until`, or earlier when ended.
    public var end: Int64 { endedAt.map { min($0, until) } ?? until }

    /// Active at `instant` (an expired or ended one never applies).
    public func isActive(at instant: Int64) -> Bool { from <= instant && instant < end }

    /// Where it stands at `instant`: not yet begun, active, past its `until`, or ended early.
    public func state(at instant: Int64) -> OverrideState {
        // Ended before it began: it never applies, so it is ended from the moment it was.
        if let endedAt, endedAt < until, endedAt <= instant || endedAt <= from { return .ended }
        if instant >= until { return .expired }
        return instant < from ? .future : .active
    }

    /// Whether it is for this question: every key of its scope given and matching.
    public func applies(to context: DecisionContext) -> Bool { scope.covers(context) }

    /// Whether it names the policy called `policyName` (or names none): by its file name, with
    /// or without `.lua` (`freeze.lua`, `freeze`), or as the stack names it.
    public func names(_ policyName: String) -> Bool {
        guard !policies.isEmpty else { return true }
        let file = policyName.split(separator: "/").last.map(String.init) ?? policyName
        let bare = file.hasSuffix(".lua") ? String(file.dropLast(4)) : file
        return policies.contains { $0 == file || $0 == bare || $0 == policyName }
    }

    /// Whether it lifts `policy` at all (named, and not a hard freeze).
    public func lifts(_ policy: any DayPolicy) -> Bool {
        !policy.overridable.isHardFreeze && names(policy.name)
    }

    /// Its length in whole hours, rounded up (what `maxHours` is held against).
    public var hours: Int64 { (until - from + 3599) / 3600 }
}

/// Where an override stands at an instant (`override list`).
public enum OverrideState: String, Hashable, Sendable {
    case future, active, expired, ended
}

/// What an answer says of the override active for its question: which one, and whether it
/// opened the answer (`applied`), else why not ("hard freeze").
public struct OverrideNote: Hashable, Sendable {
    public var override: Override
    public var applied: Bool
    public var why: String?

    public init(override: Override, applied: Bool, why: String? = nil) {
        (self.override, self.applied, self.why) = (override, applied, why)
    }
}
