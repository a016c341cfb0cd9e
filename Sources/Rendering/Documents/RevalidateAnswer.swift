import CalendarCore

/// What `revalidate` answers: the stored selections the stack now refuses, in file order, and
/// how many selections were asked.
public struct RevalidateAnswer: Sendable, Equatable {
    public var refusals: [RevalidateRefusal]
    public var selections: Int

    public init(refusals: [RevalidateRefusal], selections: Int) {
        (self.refusals, self.selections) = (refusals, selections)
    }
}

/// A stored selection the stack refuses: the selection as the file named it (id, line, mode),
/// its first refused day, why, and how many of its days are refused.
public struct RevalidateRefusal: Sendable, Equatable {
    public var id: String
    public var line: Int
    public var mode: SelectionMode
    public var day: Day
    public var reason: String
    /// The refusing policy's name and its index in the stack (nil: the change's, in `broken`).
    public var policy: String?
    public var policyIndex: Int?
    public var refusedDays: Int

    public init(id: String, line: Int, mode: SelectionMode, day: Day, reason: String, policy: String?, policyIndex: Int?,
                refusedDays: Int) {
        (self.id, self.line, self.mode, self.day, self.reason) = (id, line, mode, day, reason)
        (self.policy, self.policyIndex, self.refusedDays) = (policy, policyIndex, refusedDays)
    }
}
