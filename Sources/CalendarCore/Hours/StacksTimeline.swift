/// Several stacks' closed time at once, for `overlay` in closed time: where every stack is open
/// (a change that must land in all offices), where at least one is (follow-the-sun coverage),
/// and the next window of either, of at least a given length.
///
/// Each stack is its own `HoursTimeline` (its policies in their own zones); the stacks combine
/// as sets of instants: "all open" is the complement of the union of their closed time, "any
/// open" the complement of its intersection. Windows are half-open `[start, end)`, in seconds
/// since the epoch, like every closed interval. The combining steps are static as well, for a
/// server that works out each stack's closed runs on a worker of that stack.
public final class StacksTimeline {
    /// Which stacks must be open.
    public enum Coverage: Sendable {
        /// Every stack open (`overlay --next-common-open`).
        case all
        /// At least one stack open (`overlay --any`); its closed time is the "uncovered" time.
        case any
    }

    /// A run of time `[start, end)`.
    public struct Run: Hashable, Sendable {
        public var start: Int64
        public var end: Int64

        public init(start: Int64, end: Int64) { (self.start, self.end) = (start, end) }
    }

    /// An open window; `end` nil: still open where the search stopped looking.
    public struct Window: Hashable, Sendable {
        public var start: Int64
        public var end: Int64?

        public init(start: Int64, end: Int64?) { (self.start, self.end) = (start, end) }
    }

    public let stacks: [HoursTimeline]

    public init(stacks: [HoursTimeline]) { self.stacks = stacks }

    /// The closed time of `coverage` in `[from, to)`: sorted, disjoint, adjacent runs merged.
    public func closed(from: Int64, to: Int64, coverage: Coverage) throws -> [Run] {
        guard from < to else { return [] }
        return Self.combine(try stacks.map { try Self.runs($0.closedPieces(from: from, to: to)) }, coverage: coverage)
    }

    /// The open windows of `coverage` in `[from, to)`.
    public func open(from: Int64, to: Int64, coverage: Coverage) throws -> [Window] {
        Self.open(closed: try closed(from: from, to: to, coverage: coverage), from: from, to: to)
    }

    /// The first window of `coverage` at or after `instant` lasting at least `minimum` seconds
    /// (0: any open instant), looking at most `limit` seconds ahead; its end is looked for as
    /// far again (nil: still open there). Nil when there is none within the limit. The search
    /// looks in windows of growing width (2 days, then 4 times wider each time), so a window
    /// found this week costs days of policy answers, not years.
    public func next(at instant: Int64, minimum: Int64 = 0, coverage: Coverage, limit: Int64) throws -> Window? {
        var found: Int64?
        var carried: Window? // an open run reaching the edge of the window looked at
        var from = instant, width: Int64 = 2 * 86_400
        while from < instant + limit && found == nil {
            let to = min(from + width, instant + limit)
            var windows = try open(from: from, to: to, coverage: coverage)
            if let run = carried, let first = windows.first, first.start == from {
                windows[0].start = run.start
            }
            carried = nil
            if let window = Self.first(in: windows, minimum: minimum, horizon: to) {
                found = window.start
            } else if let last = windows.last, last.end == to {
                carried = last
            }
            from = to
            width *= 4
        }
        guard let start = found else { return nil }
        // Then its end: the first closed instant after it, as far again.
        from = start
        width = 2 * 86_400
        while from < start + limit {
            let to = min(from + width, start + limit)
            if let run = try closed(from: from, to: to, coverage: coverage).first { return Window(start: start, end: run.start) }
            from = to
            width *= 4
        }
        return Window(start: start, end: nil)
    }

    /// The first of `windows` (sorted) at least `minimum` long; one reaching `horizon` counts
    /// with what it has so far (it may go on past it: its end is then unknown, nil).
    public static func first(in windows: [Window], minimum: Int64, horizon: Int64) -> Window? {
        for window in windows {
            let end = window.end ?? horizon
            if end - window.start >= max(minimum, 1) { return Window(start: window.start, end: end >= horizon ? nil : end) }
        }
        return nil
    }

    /// The complement of `closed` (sorted, disjoint) in `[from, to)`.
    public static func open(closed: [Run], from: Int64, to: Int64) -> [Window] {
        var windows: [Window] = []
        var cursor = from
        for run in closed {
            if run.start > cursor { windows.append(Window(start: cursor, end: min(run.start, to))) }
            cursor = max(cursor, run.end)
        }
        if cursor < to { windows.append(Window(start: cursor, end: to)) }
        return windows
    }

    /// The closed time of `coverage` from each stack's runs: their union (every stack must be
    /// open), or their intersection (one open stack is enough).
    public static func combine(_ each: [[Run]], coverage: Coverage) -> [Run] {
        switch coverage {
        case .all: return merged(each.joined().sorted { ($0.start, $0.end) < ($1.start, $1.end) })
        case .any: return intersection(each)
        }
    }

    /// A stack's closed pieces as runs: adjacent pieces joined whatever their policy or reason.
    public static func runs(_ pieces: [ClosedSpan]) -> [Run] {
        merged(pieces.map { Run(start: $0.start, end: $0.end) })
    }

    /// Sorted runs with the overlapping and adjacent ones joined.
    static func merged(_ sorted: [Run]) -> [Run] {
        var runs: [Run] = []
        for run in sorted {
            if let last = runs.last, last.end >= run.start {
                runs[runs.count - 1].end = max(last.end, run.end)
            } else {
                runs.append(run)
            }
        }
        return runs
    }

    /// Closed where every stack is: a sweep over the runs' edges counting the stacks closed.
    static func intersection(_ each: [[Run]]) -> [Run] {
        guard !each.isEmpty else { return [] }
        var edges: [(at: Int64, delta: Int)] = []
        for runs in each {
            for run in merged(runs) { edges.append((run.start, 1)); edges.append((run.end, -1)) }
        }
        edges.sort { ($0.at, $0.delta) < ($1.at, $1.delta) }
        var closedCount = 0
        var result: [Run] = []
        var openedAt: Int64?
        var index = 0
        while index < edges.count {
            let at = edges[index].at
            while index < edges.count && edges[index].at == at { closedCount += edges[index].delta; index += 1 }
            if closedCount == each.count, openedAt == nil { openedAt = at }
            if closedCount < each.count, let start = openedAt {
                if start < at { result.append(Run(start: start, end: at)) }
                openedAt = nil
            }
        }
        return result
    }
}
