import CalendarCore

/// One all-day event of `eval --format ics`: a run of consecutive days on which the stack
/// gave the same outcome (denied or not, with the same reason and deciding policy, the same
/// decoration label and decorating policy).
public struct ICSEvent: Hashable, Sendable {
    public var first: Day
    public var last: Day
    public let outcome: Outcome

    /// What a day's event says; equal outcomes on consecutive days share one event.
    public struct Outcome: Hashable, Sendable {
        public let denied: Bool
        public let reason: String?
        public let denyingPolicy: String?
        public let label: String?
        public let decorated: Bool
        public let decoratingPolicy: String?
        /// A built-in holiday's marks (see `Decoration`): said in DESCRIPTION.
        public let observedOf: String?
        public let estimated: Bool

        /// Nil for a day that is neither denied nor decorated (no event).
        public init?(_ day: DayEvaluation) {
            guard day.isDenied || day.decoration != nil else { return nil }
            denied = day.isDenied
            reason = day.isDenied ? day.select.verdict.reason : nil
            denyingPolicy = day.isDenied ? day.select.policy : nil
            decorated = day.decoration != nil
            label = day.decoration?.label
            decoratingPolicy = day.decoration != nil ? day.decorationPolicy : nil
            observedOf = day.decoration?.observedOf
            estimated = day.decoration?.estimated == true
        }

        /// The decoration's label, else the denial's reason, else what happened.
        public var summary: String {
            if let label, !label.isEmpty { return label }
            if let reason, !reason.isEmpty { return reason }
            return denied ? "Not selectable" : "Decorated"
        }

        /// The policy the summary comes from: the decorating one when the label is shown.
        public var policy: String {
            if let label, !label.isEmpty, let decoratingPolicy { return decoratingPolicy }
            return denyingPolicy ?? decoratingPolicy ?? ICSIdentifier.domain
        }

        /// One line per answer: `Not selectable: REASON (POLICY)`, `Decorated: LABEL (POLICY)`.
        public var description: String {
            var lines: [String] = []
            if denied {
                var line = "Not selectable"
                if let reason, !reason.isEmpty { line += ": " + reason }
                if let denyingPolicy { line += " (" + denyingPolicy + ")" }
                lines.append(line)
            }
            if decorated {
                var line = "Decorated"
                if let label, !label.isEmpty { line += ": " + label }
                if let decoratingPolicy { line += " (" + decoratingPolicy + ")" }
                lines.append(line)
                if let observedOf { lines.append("Observed for: " + observedOf) }
                if estimated { lines.append("Estimated date") }
            }
            var text = ""
            for line in lines {
                if !text.isEmpty { text += "\n" }
                text += line
            }
            return text
        }

        /// `denied`, `decorated` or both, as CATEGORIES.
        public var categories: [String] {
            (denied ? ["denied"] : []) + (decorated ? ["decorated"] : [])
        }
    }

    public init(first: Day, last: Day, outcome: Outcome) {
        (self.first, self.last, self.outcome) = (first, last, outcome)
    }

    public var uid: String { ICSIdentifier.uid(policy: outcome.policy, first: first, summary: outcome.summary) }

    /// The events of a span, in day order: consecutive days with equal outcomes merged.
    public static func events(_ days: [DayEvaluation]) -> [ICSEvent] {
        var events: [ICSEvent] = []
        for day in days {
            guard let outcome = Outcome(day) else { continue }
            if let last = events.last, last.outcome == outcome, last.last.adding(days: 1) == day.day {
                events[events.count - 1].last = day.day
            } else {
                events.append(ICSEvent(first: day.day, last: day.day, outcome: outcome))
            }
        }
        return events
    }

    /// `YYYYMMDD`, the DATE form of RFC 5545.
    public static func basicDate(_ day: Day) -> String {
        let (year, month, dayOfMonth) = day.components
        return pad(year, 4) + pad(month, 2) + pad(dayOfMonth, 2)
    }

    static func pad(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
    }
}
