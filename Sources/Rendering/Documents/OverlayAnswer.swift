import CalendarCore

/// What `overlay` answers: each day of a span with every stack's decision, or the first day at
/// or after `from` that every stack allows.
public enum OverlayAnswer: Sendable {
    case days([OverlayDay])
    case nextCommonOpen(from: Day, day: Day)
    /// By the instant, in closed time (`OverlayClosedTime`).
    case closedTime(OverlayClosedTime)
}
