import CalendarCore
import LuaHost

/// What lives behind a policy's lock: its Lua state and what was last handed to it,
/// so an unchanged selection or calendar costs nothing per day.
///
/// `@unchecked Sendable`: `LuaPolicy` touches it only while holding its lock, which
/// is what keeps a Lua state from ever being entered by two threads.
final class PolicyEngineState: @unchecked Sendable {
    let state: PolicyLuaState
    let bridge: PolicyDateBridge
    private var selection: [Day]?
    private var calendar: CalendarIdentifier?
    private var calendarTag: Int32 = 0
    /// The context Lua holds (empty when the state opens).
    private var decision = DecisionContext()
    /// The last year `answersForYear` answered, for the "today" it was asked with: runs of
    /// days come 32 at a time, so each year would otherwise be asked a dozen times.
    var lastYear: (year: Int, today: Int?, decision: DecisionContext, answers: YearAnswerTable)?

    init(state: PolicyLuaState, bridge: PolicyDateBridge) {
        self.state = state
        self.bridge = bridge
    }

    /// Hands the context to Lua when it changed; returns the calendar's tag.
    func prepare(_ context: PolicyContext, selection wanted: Bool) throws(LuaError) -> Int32 {
        let identifier = context.calendar.identifier
        if calendar != identifier {
            bridge.use(context.calendar)
            calendar = identifier
            calendarTag = Int32(CalendarIdentifier.allCases.firstIndex(of: identifier) ?? 0)
        }
        if context.decision != decision {
            try state.setContext(context.decision.entries)
            decision = context.decision
        }
        if wanted, !sameSelection(context.selection) {
            try state.setSelection(context.selection.map(\.dayNumber))
            selection = context.selection
        }
        return calendarTag
    }

    /// Whether Lua already has this selection; the empty one (the per-day case) is decided
    /// on counts alone.
    @inline(__always)
    private func sameSelection(_ wanted: [Day]) -> Bool {
        guard let selection, selection.count == wanted.count else { return false }
        return wanted.isEmpty || selection == wanted
    }
}
