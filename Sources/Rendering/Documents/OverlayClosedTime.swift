import CalendarCore

/// `overlay` in closed time: where the stacks are open by the instant, each stack's policies in
/// their own zones (hours, an office's zone, `@ZONE` references). A span's days with every
/// stack's decision and its windows, or the next window from an instant.
public struct OverlayClosedTime: Sendable {
    /// The stack zone: the instants documents write, and where a day of the span begins.
    public var zone: ZoneWallTime
    public var coverage: StacksTimeline.Coverage
    /// `--min-duration`, in seconds (0: any open instant).
    public var minimum: Int64
    /// A span: its days (each stack's whole-day decision), the windows open in every stack, and
    /// the uncovered ones (no stack open).
    public var days: [OverlayDay]
    public var commonOpen: [StacksTimeline.Window]
    public var uncovered: [StacksTimeline.Window]
    /// A search: where it started and the window found (nil: none within the search).
    public var from: Int64?
    public var next: StacksTimeline.Window?

    public init(zone: ZoneWallTime, coverage: StacksTimeline.Coverage, minimum: Int64, days: [OverlayDay] = [],
                commonOpen: [StacksTimeline.Window] = [], uncovered: [StacksTimeline.Window] = [],
                from: Int64? = nil, next: StacksTimeline.Window? = nil) {
        (self.zone, self.coverage, self.minimum, self.days) = (zone, coverage, minimum, days)
        (self.commonOpen, self.uncovered, self.from, self.next) = (commonOpen, uncovered, from, next)
    }
}
