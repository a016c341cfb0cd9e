/// How taps build a selection.
public enum SelectionMode: String, Hashable, Sendable, CaseIterable, Codable {
    /// One day at a time.
    case single
    /// Any set of days, toggled one by one.
    case multiple
    /// Two taps make a closed range.
    case range
    /// A tap selects the allowed days of its week.
    case week
    /// A tap selects the allowed days of its month (in the displayed calendar).
    case month
}

/// What a completed range does with the days inside it that the policies deny.
public enum RangeRule: String, Hashable, Sendable, CaseIterable, Codable {
    /// The whole range is refused, naming the first denied day (the default).
    case reject
    /// Both ends must be selectable; only the selectable days inside are selected and
    /// the others are listed as left out. Length limits count the selected days.
    case skip
}

/// Optional limits on a selection, applied on top of the policies.
public struct SelectionLimits: Hashable, Sendable, Codable {
    /// Fewest days a completed range may hold (range mode).
    public var minLength: Int?
    /// Most days a completed range may hold (range mode).
    public var maxLength: Int?
    /// Most days a multiple selection may hold (multiple mode).
    public var maxCount: Int?

    public init(minLength: Int? = nil, maxLength: Int? = nil, maxCount: Int? = nil) {
        (self.minLength, self.maxLength, self.maxCount) = (minLength, maxLength, maxCount)
    }
}

/// The outcome of one tap.
public struct TapResult: Hashable, Sendable, Codable {
    public var day: Day
    public var accepted: Bool
    /// Why a tap was rejected; nil when accepted.
    public var reason: String?
    /// The policy that refused; nil when accepted or when a selection limit refused.
    public var policy: String?
    /// The selection after the tap (unchanged when rejected), ascending.
    public var selection: [Day]
    /// Week and month modes: days of the tapped period the policies did not allow.
    public var leftOut: [Day]
    /// Range mode: the first endpoint waiting for the second tap.
    public var pending: Day?
    /// The day a refusal was about when it is not the tapped day (a denied day
    /// inside a range, a selected day that may not be deselected).
    public var deniedDay: Day?
    /// The refusing policy's position in the stack: names may repeat, positions do not, so a
    /// face maps it to the policy's path (see `Rendering.SelectOutcome`).
    public var policyIndex: Int?

    public init(day: Day, accepted: Bool, reason: String? = nil, policy: String? = nil, policyIndex: Int? = nil,
                selection: [Day], leftOut: [Day] = [], pending: Day? = nil, deniedDay: Day? = nil) {
        (self.day, self.accepted, self.reason, self.policy) = (day, accepted, reason, policy)
        (self.policyIndex, self.selection, self.leftOut) = (policyIndex, selection, leftOut)
        (self.pending, self.deniedDay) = (pending, deniedDay)
    }
}
