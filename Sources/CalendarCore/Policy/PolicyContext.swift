/// What a policy may know besides the day itself: the calendar being displayed,
/// the injected today (the core never reads the wall clock) and the selection held
/// when the question is asked, ascending.
public struct PolicyContext: Sendable {
    public var calendar: any CalendarSystem
    public var today: Day?
    public var selection: [Day]
    /// Who asks, about what and where (`--context`); empty: answered as for everybody.
    public var decision: DecisionContext
    /// The break-glass overrides on hand (loaded and checked for this stack): those covering
    /// `decision` lift closed time where answers are instants (`HoursTimeline`).
    public var overrides: [Override]

    public init(calendar: any CalendarSystem = GregorianCalendarSystem(), today: Day? = nil,
                selection: [Day] = [], decision: DecisionContext = DecisionContext(), overrides: [Override] = []) {
        self.calendar = calendar
        self.today = today
        self.selection = selection
        self.decision = decision
        self.overrides = overrides
    }
}
