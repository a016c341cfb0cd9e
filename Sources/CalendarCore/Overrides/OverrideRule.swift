/// How a policy may be lifted by a break-glass override (`overridable = ...` in the policy,
/// read at load as data): a hard freeze (`false`) nothing lifts; otherwise at most `maxHours`
/// long, with a ticket when `requireTicket`, approved by one of `approvers` (a review
/// convention, not an identity check). A policy that says nothing is open to any override.
public struct OverrideRule: Hashable, Sendable {
    /// `overridable = false`: a regulatory blackout; an override never opens it.
    public var isHardFreeze: Bool
    /// The longest override (`until - from`) that may lift it; nil: no limit.
    public var maxHours: Int?
    public var requireTicket: Bool
    /// Who may approve (`approvedBy` must be one of them); nil: anyone.
    public var approvers: [String]?

    public init(isHardFreeze: Bool = false, maxHours: Int? = nil, requireTicket: Bool = false, approvers: [String]? = nil) {
        (self.isHardFreeze, self.maxHours, self.requireTicket, self.approvers) = (isHardFreeze, maxHours, requireTicket, approvers)
    }

    /// What a policy without `overridable` gets: any override lifts it.
    public static let open = OverrideRule()
    public static let hardFreeze = OverrideRule(isHardFreeze: true)
}
