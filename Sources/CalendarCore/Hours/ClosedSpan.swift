/// Closed time as instants (seconds since the epoch), half-open `[start, end)`, with the reason
/// and the stack index of the policy that closed it.
public struct ClosedSpan: Hashable, Sendable {
    public var start: Int64
    public var end: Int64
    public var reason: String?
    public var policyIndex: Int
    /// Past the policy's data (`ClosedHours.isPastData`): no override's window is cut out of it.
    public var isPastData = false

    public init(start: Int64, end: Int64, reason: String?, policyIndex: Int, isPastData: Bool = false) {
        (self.start, self.end, self.reason, self.policyIndex) = (start, end, reason, policyIndex)
        self.isPastData = isPastData
    }

    public func contains(_ instant: Int64) -> Bool { start <= instant && instant < end }
}

/// What the stack says at an instant: open or closed, why, and until when (nil: not within the
/// look-ahead).
public struct GateState: Hashable, Sendable {
    public var instant: Int64
    public var isClosed: Bool
    /// The piece of closed time holding the instant (its policy and reason), when closed.
    public var closing: ClosedSpan?
    /// When the current state ends: the end of the closed run (adjacent closed time merged,
    /// whatever its reasons) or the start of the next closed time.
    public var until: Int64?
    /// The override active for the question at the instant, and whether it opened the answer.
    public var override: OverrideNote?

    public init(instant: Int64, isClosed: Bool, closing: ClosedSpan?, until: Int64?, override: OverrideNote? = nil) {
        (self.instant, self.isClosed, self.closing, self.until) = (instant, isClosed, closing, until)
        self.override = override
    }
}

extension ClosedSpan {
    /// The parts of `spans` outside every window of `cut` (half-open, any order).
    static func subtracting(_ cut: [(from: Int64, to: Int64)], from spans: [ClosedSpan]) -> [ClosedSpan] {
        guard !cut.isEmpty else { return spans }
        var pieces = spans
        for window in cut {
            pieces = pieces.flatMap { span -> [ClosedSpan] in
                guard !span.isPastData, window.from < span.end && window.to > span.start else { return [span] }
                var left = span, right = span
                left.end = window.from
                right.start = window.to
                return [left, right].filter { $0.start < $0.end }
            }
        }
        return pieces
    }
}
