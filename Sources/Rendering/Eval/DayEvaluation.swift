import CalendarCore

/// Everything the stack answered for one day, with the policies that decided.
public struct DayEvaluation: Sendable {
    public let day: Day
    /// The day in the displayed calendar.
    public let date: CalendarDate
    /// What the stack answered, held whole: a report moves each outcome in from where the stack
    /// made it (copying its fields out retained every text and then released the outcome's).
    public let outcome: PolicyStack.Outcome
    public var select: PolicyStack.Decision { outcome.select }
    public var deselect: PolicyStack.Decision { outcome.deselect }
    public var decoration: Decoration? { outcome.decoration }
    /// The decorating policy's name, for display.
    public var decorationPolicy: String? { outcome.decorationPolicy }
    /// Which policy of the stack decorated (its index); `select.policyIndex` and
    /// `deselect.policyIndex` say the same for denials. Names may repeat, indices do not.
    public var decorationPolicyIndex: Int? { outcome.decorationPolicyIndex }
    /// Filled for JSON output only (the CLI's `Provenance`).
    public var lines = DecisionLines()

    public init(day: Day, date: CalendarDate, select: PolicyStack.Decision, deselect: PolicyStack.Decision,
                decoration: Decoration?, decorationPolicy: String?, decorationPolicyIndex: Int? = nil,
                lines: DecisionLines = DecisionLines()) {
        self.init(day: day, date: date,
                  outcome: PolicyStack.Outcome(select: select, deselect: deselect, decoration: decoration,
                                               decorationPolicy: decorationPolicy,
                                               decorationPolicyIndex: decorationPolicyIndex),
                  lines: lines)
    }

    public init(day: Day, date: CalendarDate, outcome: consuming PolicyStack.Outcome,
                lines: DecisionLines = DecisionLines()) {
        (self.day, self.date, self.lines) = (day, date, lines)
        self.outcome = outcome
    }

    public var isDenied: Bool { !select.isAllowed }
    /// A day the policies refuse to let go of once selected (`canDeselect` denied).
    public var isDeselectDenied: Bool { !deselect.isAllowed }
    public var isMarked: Bool { isDenied || decoration != nil || isDeselectDenied }
}

/// The policy file lines that decided a day (`line`, `deselectLine`, `decorationLine`
/// in `eval --format json`): the `return` each deciding policy answered from.
public struct DecisionLines: Sendable, Hashable {
    public var select: Int?
    public var deselect: Int?
    public var decoration: Int?

    public init(select: Int? = nil, deselect: Int? = nil, decoration: Int? = nil) {
        (self.select, self.deselect, self.decoration) = (select, deselect, decoration)
    }
}
