import CalendarCore

/// Everything the stack answered for one day, with the policies that decided.
public struct DayEvaluation: Sendable {
    public let day: Day
    /// The day in the displayed calendar.
    public let date: CalendarDate
    public let select: PolicyStack.Decision
    public let deselect: PolicyStack.Decision
    public let decoration: Decoration?
    /// The decorating policy's name, for display.
    public let decorationPolicy: String?
    /// Which policy of the stack decorated (its index); `select.policyIndex` and
    /// `deselect.policyIndex` say the same for denials. Names may repeat, indices do not.
    public let decorationPolicyIndex: Int?
    /// Filled for JSON output only (the CLI's `Provenance`).
    public var lines = DecisionLines()

    public init(day: Day, date: CalendarDate, select: PolicyStack.Decision, deselect: PolicyStack.Decision,
                decoration: Decoration?, decorationPolicy: String?, decorationPolicyIndex: Int? = nil,
                lines: DecisionLines = DecisionLines()) {
        (self.day, self.date, self.select, self.deselect) = (day, date, select, deselect)
        (self.decoration, self.decorationPolicy, self.lines) = (decoration, decorationPolicy, lines)
        self.decorationPolicyIndex = decorationPolicyIndex
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
