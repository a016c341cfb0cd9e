/// Turns taps into a selection under a policy stack, one mode per controller.
///
/// Every tap is answered accepted or rejected, with the reason and the deciding
/// policy; a rejected tap changes nothing. Every day a tap would remove is put to
/// `canDeselect`, in every mode, and one refusal rejects the whole tap. Policy
/// errors are thrown before any state changes.
public struct SelectionController: Sendable {
    public let mode: SelectionMode
    public var stack: PolicyStack
    /// Calendar and today for the policies; its `selection` mirrors `selection`.
    public private(set) var context: PolicyContext
    public var limits: SelectionLimits
    /// Range mode: what a range holding denied days does.
    public var rangeRule: RangeRule
    /// Week mode: the weekday weeks start on (1 = Sunday; wraps outside 1...7).
    public let firstWeekday: Int
    /// The selected days, ascending, without duplicates.
    public private(set) var selection: [Day]
    /// Range mode: the first endpoint of a range being made.
    public private(set) var pending: Day?

    /// Starts from `context.selection` (sorted, duplicates dropped), which is taken
    /// as already agreed: policies are only asked about changes.
    public init(mode: SelectionMode, stack: PolicyStack, context: PolicyContext = PolicyContext(),
                limits: SelectionLimits = .init(), firstWeekday: Int = 1, rangeRule: RangeRule = .reject) {
        self.mode = mode
        self.rangeRule = rangeRule
        self.stack = stack
        self.limits = limits
        self.firstWeekday = Weekdays.normalized(firstWeekday)
        let initial = Array(Set(context.selection)).sorted()
        self.selection = initial
        var context = context
        context.selection = initial
        self.context = context
        self.pending = nil
    }

    /// Replaces the state without asking policies (restoring a saved selection).
    public mutating func reset(selection: [Day] = [], pending: Day? = nil) {
        self.selection = Array(Set(selection)).sorted()
        self.context.selection = self.selection
        self.pending = mode == .range ? pending : nil
    }

    /// A day of a supplied state the policies do not allow, or a state the mode cannot hold.
    public struct StateRefusal: Hashable, Sendable, Error {
        /// The day refused; nil when the state's shape is wrong (two days in single mode).
        public var day: Day?
        public var reason: String
        public var policy: String?
        /// The refusing policy's position in the stack (see `TapResult.policyIndex`).
        public var policyIndex: Int? = nil
    }

    /// Takes a state a client says it stands at (a picker's selection and pending
    /// endpoint), checking every day with `canSelect` first: nothing supplied is trusted.
    /// On a refusal the controller is left as it was and the refusal is returned.
    public mutating func restore(selection days: [Day], pending newPending: Day?) throws -> StateRefusal? {
        let sorted = Array(Set(days)).sorted()
        if newPending != nil && mode != .range {
            return StateRefusal(day: nil, reason: "a pending day exists only in range mode", policy: nil)
        }
        if mode == .single && sorted.count > 1 {
            return StateRefusal(day: nil, reason: "single mode holds at most one day; the selection holds \(sorted.count)",
                                policy: nil)
        }
        if mode == .multiple, let maxCount = limits.maxCount, sorted.count > maxCount {
            return StateRefusal(day: nil, reason: "at most \(maxCount) day\(maxCount == 1 ? "" : "s") may be selected; the selection holds \(sorted.count)",
                                policy: nil)
        }
        var checking = context
        checking.selection = sorted
        for day in sorted + (newPending.map { [$0] } ?? []) {
            let decision = try stack.canSelect(day, context: checking)
            if !decision.isAllowed {
                return StateRefusal(day: day, reason: decision.verdict.reason ?? "\(day.iso) may not be selected",
                                    policy: decision.policy, policyIndex: decision.policyIndex)
            }
        }
        reset(selection: sorted, pending: newPending)
        return nil
    }

    public mutating func tap(_ day: Day) throws -> TapResult {
        switch mode {
        case .single: return try tapSingle(day)
        case .multiple: return try tapMultiple(day)
        case .range: return try tapRange(day)
        case .week, .month: return try tapPeriod(day)
        }
    }

    // MARK: shared steps

    /// A refusal found while asking policies, ready to become a rejected tap.
    struct Refusal {
        var day: Day
        var reason: String
        var policy: String?
        var policyIndex: Int?

        init(day: Day, reason: String, policy: String?, policyIndex: Int?) {
            self.day = day
            self.reason = reason
            self.policy = policy
            self.policyIndex = policyIndex
        }

        /// A denial of `day`, its reason the policy's (else a plain one).
        init(_ decision: PolicyStack.Decision, day: Day) {
            self.init(day: day, reason: decision.verdict.reason ?? "\(day.iso) may not be selected",
                      policy: decision.policy, policyIndex: decision.policyIndex)
        }
    }

    func refusalToSelect(_ day: Day) throws -> Refusal? {
        let decision = try stack.canSelect(day, context: context)
        if decision.isAllowed { return nil }
        return Refusal(decision, day: day)
    }

    /// The first day of `days` (in order) that may not be deselected.
    func refusalToDeselect<S: Sequence<Day>>(_ days: S) throws -> Refusal? {
        for day in days {
            let decision = try stack.canDeselect(day, context: context)
            if !decision.isAllowed {
                return Refusal(day: day, reason: decision.verdict.reason ?? "\(day.iso) may not be deselected",
                               policy: decision.policy, policyIndex: decision.policyIndex)
            }
        }
        return nil
    }

    func rejected(_ tapped: Day, _ refusal: Refusal) -> TapResult {
        TapResult(day: tapped, accepted: false, reason: refusal.reason, policy: refusal.policy,
                  policyIndex: refusal.policyIndex,
                  selection: selection, pending: pending, deniedDay: refusal.day == tapped ? nil : refusal.day)
    }

    func rejected(_ tapped: Day, limit reason: String) -> TapResult {
        TapResult(day: tapped, accepted: false, reason: reason, selection: selection, pending: pending)
    }

    mutating func accept(_ tapped: Day, selection newSelection: [Day], pending newPending: Day? = nil,
                         leftOut: [Day] = []) -> TapResult {
        selection = newSelection
        context.selection = newSelection
        pending = newPending
        return TapResult(day: tapped, accepted: true, selection: newSelection, leftOut: leftOut, pending: newPending)
    }
}
