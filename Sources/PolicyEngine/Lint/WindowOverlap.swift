/// Lint's check of a policy's windows (a `cal.windows` list, a declarative file's `closed` or
/// its `weekly` windows): two windows of one list that overlap with different reasons. The same
/// reason overlapping is a merge and fine; different reasons mean the day's reason depends on the
/// order of the rows, which is rarely what the author meant.
public enum WindowOverlap {
    /// One window of a list: its index in the list (file order), the half-open spans it covers
    /// (any unit, as long as one list uses one) and its reason.
    public struct Window: Sendable, Equatable {
        public var index: Int
        public var spans: [Range<Int>]
        public var reason: String

        public init(index: Int, spans: [Range<Int>], reason: String) {
            (self.index, self.spans, self.reason) = (index, spans, reason)
        }
    }

    /// For each window overlapping an earlier one of the list with a different reason, the pair
    /// (the earliest such window first), in the order of the later one. A sweep over the spans
    /// sorted by start: each is compared with the spans still open, not with every other.
    public static func pairs(_ windows: [Window]) -> [(first: Window, second: Window)] {
        var spans: [(lower: Int, upper: Int, window: Int)] = []
        for (position, window) in windows.enumerated() {
            for span in window.spans where !span.isEmpty { spans.append((span.lowerBound, span.upperBound, position)) }
        }
        spans.sort { ($0.lower, $0.window) < ($1.lower, $1.window) }
        // For each later window (by position), the earliest window it overlaps with another reason.
        var partner: [Int: Int] = [:]
        var open: [(upper: Int, window: Int)] = []
        for span in spans {
            open.removeAll { $0.upper <= span.lower }
            for other in open where other.window != span.window
                && windows[other.window].reason != windows[span.window].reason {
                let (first, second) = (min(other.window, span.window), max(other.window, span.window))
                if partner[second].map({ first < $0 }) ?? true { partner[second] = first }
            }
            open.append((span.upper, span.window))
        }
        return partner.sorted { $0.key < $1.key }.map { (windows[$0.value], windows[$0.key]) }
    }

    /// The finding's text: `windows overlap with different reasons ("A" and "B")`.
    public static func message(_ first: Window, _ second: Window) -> String {
        "windows overlap with different reasons (\"\(first.reason)\" and \"\(second.reason)\")"
    }
}
