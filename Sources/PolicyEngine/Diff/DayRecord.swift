import CalendarCore

/// What a policy stack says about one day: the unit of snapshots and diffs.
public struct DayRecord: Hashable, Sendable {
    public var day: Day
    public var selectable: Bool
    public var deselectable: Bool
    /// The first denial's reason (selecting, else deselecting).
    public var reason: String?
    public var decoration: Decoration?
    /// A snapshot of a stack with hours: the day's closed time in the snapshot's zone (nil when
    /// the stack has none; empty when open all day).
    public var intervals: [ClosedInterval]?

    /// One piece of a day's closed time as a snapshot stores it: ISO 8601 instants with the
    /// zone's offset, so two snapshots in one zone compare as text.
    public struct ClosedInterval: Hashable, Sendable {
        public var from: String
        public var to: String
        public var reason: String?

        public init(from: String, to: String, reason: String?) { (self.from, self.to, self.reason) = (from, to, reason) }

        /// "15:00–24:00: Year-end change freeze" (the wall times of `from` and `to`).
        var summary: String {
            let end = to.dropFirst(11).prefix(5)
            let toText = from.prefix(10) != to.prefix(10) && end == "00:00" ? "24:00" : String(end)
            return String(from.dropFirst(11).prefix(5)) + "–" + toText + (reason.map { ": " + $0 } ?? "")
        }
    }

    public init(day: Day, selectable: Bool, deselectable: Bool, reason: String?, decoration: Decoration?,
                intervals: [ClosedInterval]? = nil) {
        self.day = day
        self.selectable = selectable
        self.deselectable = deselectable
        self.reason = reason
        self.decoration = decoration
        self.intervals = intervals
    }

    /// Evaluates every day of `span`, in order, a run of days per crossing into Lua.
    public static func evaluate(_ stack: PolicyStack, span: DaySpan, context: PolicyContext) throws -> [DayRecord] {
        let outcomes = try stack.evaluate(span, context: context)
        return zip(span, outcomes).map { day, outcome in
            DayRecord(day: day, selectable: outcome.select.isAllowed, deselectable: outcome.deselect.isAllowed,
                      reason: outcome.select.verdict.reason ?? outcome.deselect.verdict.reason,
                      decoration: outcome.decoration)
        }
    }

    /// Names of the fields that differ from `other` (same day assumed).
    public func changedFields(from other: DayRecord) -> [String] {
        var fields: [String] = []
        if selectable != other.selectable { fields.append("selectable") }
        if deselectable != other.deselectable { fields.append("deselectable") }
        if reason != other.reason { fields.append("reason") }
        if decoration != other.decoration { fields.append("decoration") }
        if intervals != other.intervals { fields.append("intervals") }
        return fields
    }

    /// A short human rendering: `denied 'Christmas Day'; decoration 'Christmas Day'`.
    public var summary: String {
        var parts: [String] = []
        if selectable {
            parts.append("selectable")
        } else {
            parts.append("denied" + (reason.map { " '\($0)'" } ?? ""))
        }
        if !deselectable { parts.append("not deselectable" + (selectable ? reason.map { " '\($0)'" } ?? "" : "")) }
        if let decoration {
            parts.append("decoration " + (decoration.label.map { "'\($0)'" } ?? decoration.kind.rawValue))
        }
        if let intervals, !intervals.isEmpty {
            var closed = "closed "
            for (position, interval) in intervals.enumerated() { closed += (position == 0 ? "" : ", ") + interval.summary }
            parts.append(closed)
        }
        return parts.joined(separator: "; ")
    }
}

/// One day whose record differs between two evaluations.
public struct DayChange: Hashable, Sendable {
    public var day: Day
    /// Nil when the day is missing on that side (a snapshot of another span).
    public var old: DayRecord?
    public var new: DayRecord?

    public var fields: [String] {
        guard let old, let new else { return ["day"] }
        return new.changedFields(from: old)
    }

    /// Every day whose record differs, in date order.
    public static func between(_ old: [DayRecord], _ new: [DayRecord]) -> [DayChange] {
        let oldByDay = Dictionary(old.map { ($0.day, $0) }, uniquingKeysWith: { first, _ in first })
        let newByDay = Dictionary(new.map { ($0.day, $0) }, uniquingKeysWith: { first, _ in first })
        let days = Set(oldByDay.keys).union(newByDay.keys).sorted()
        return days.compactMap { day in
            let before = oldByDay[day]
            let after = newByDay[day]
            return before == after ? nil : DayChange(day: day, old: before, new: after)
        }
    }

    /// `selectable → denied 'Juneteenth'` style, for text output.
    public var description: String {
        "\(old?.summary ?? "(absent)") → \(new?.summary ?? "(absent)")"
    }
}
