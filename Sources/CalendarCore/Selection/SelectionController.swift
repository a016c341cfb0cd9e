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
    /// Week mode: the weekday weeks start on (1 = Sunday; wraps outside 1...7).
    public let firstWeekday: Int
    /// The selected days, ascending, without duplicates.
    public private(set) var selection: [Day]
    /// Range mode: the first endpoint of a range being made.
    public private(set) var pending: Day?

    /// Starts from `context.selection` (sorted, duplicates dropped), which is taken
    /// as already agreed: policies are only asked about changes.
    public init(mode: SelectionMode, stack: PolicyStack, context: PolicyContext = PolicyContext(),
                limits: SelectionLimits = .init(), firstWeekday: Int = 1) {
        self.mode = mode
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
    }

    func refusalToSelect(_ day: Day) throws -> Refusal? {
        let decision = try stack.canSelect(day, context: context)
        if decision.isAllowed { return nil }
        return Refusal(day: day, reason: decision.verdict.reason ?? "\(day.iso) may not be selected",
                       policy: decision.policy)
    }

    /// The first day of `days` (in order) that may not be deselected.
    func refusalToDeselect<S: Sequence<Day>>(_ days: S) throws -> Refusal? {
        for day in days {
            let decision = try stack.canDeselect(day, context: context)
            if !decision.isAllowed {
                return Refusal(day: day, reason: decision.verdict.reason ?? "\(day.iso) may not be deselected",
                               policy: decision.policy)
            }
        }
        return nil
    }

    func rejected(_ tapped: Day, _ refusal: Refusal) -> TapResult {
        TapResult(day: tapped, accepted: false, reason: refusal.reason, policy: refusal.policy,
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
