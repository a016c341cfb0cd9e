import CalendarCore

/// One event of the subscription feed: a window, a run of consecutive days on which one policy
/// gave the same answer (the same reason, the same label), whatever the other layers said on
/// those days. A year-end freeze across a weekend and a holiday is one window of the freeze
/// policy; the weekend and the holiday are windows of their own policies, named in the freeze's
/// description.
public struct FeedWindow: Hashable, Sendable {
    public var first: Day
    public var last: Day
    /// The policy's display name (its file name, or a built-in reference such as `weekends:AE`).
    public let policy: String
    /// Its place in the stack: windows starting on one day come in stack order.
    public let policyIndex: Int
    public let mark: Mark
    /// Stable across exports (see `ICSIdentifier.uid`); set by `FeedWindows.windows`.
    public internal(set) var uid: String = ""
    /// What the other layers said on days of this window, one line each.
    public internal(set) var others: [String] = []

    /// What one policy said about one day; equal marks on consecutive days make one window.
    public struct Mark: Hashable, Sendable {
        public let denied: Bool
        public let reason: String?
        public let decorated: Bool
        public let label: String?
        public let color: String?
        /// A built-in holiday's marks (see `Decoration`): said in DESCRIPTION.
        public let observedOf: String?
        public let estimated: Bool

        /// Nil when the policy neither denied nor decorated the day (no window).
        public init?(_ answers: DayAnswers) {
            guard !answers.select.isAllowed || answers.decoration != nil else { return nil }
            denied = !answers.select.isAllowed
            reason = answers.select.reason
            decorated = answers.decoration != nil
            label = answers.decoration?.label
            color = answers.decoration?.color
            observedOf = answers.decoration?.observedOf
            estimated = answers.decoration?.estimated == true
        }

        /// The decoration's label, else the denial's reason, else what happened.
        public var summary: String {
            if let label, !label.isEmpty { return label }
            if let reason, !reason.isEmpty { return reason }
            return denied ? "Not selectable" : "Decorated"
        }

        /// `denied`, `decorated` or both, as CATEGORIES.
        public var categories: [String] {
            (denied ? ["denied"] : []) + (decorated ? ["decorated"] : [])
        }

        /// The event's RFC 7986 COLOR, a CSS colour name: the decoration's when it is one, else
        /// red for a denial and green for a decoration.
        public var colorName: String {
            if let color, CSSColor.names.contains(color.lowercased()) { return color.lowercased() }
            return denied ? "firebrick" : "seagreen"
        }
    }

    public init(first: Day, last: Day, policy: String, policyIndex: Int, mark: Mark) {
        (self.first, self.last, self.policy, self.policyIndex, self.mark) = (first, last, policy, policyIndex, mark)
    }

    public var summary: String { mark.summary }

    /// The policy's own lines (`Not selectable: REASON (POLICY)`, `Decorated: LABEL (POLICY)`),
    /// then the other layers' (`Also: SUMMARY (POLICY): FIRST – LAST`).
    public var description: String {
        var lines: [String] = []
        if mark.denied {
            var line = "Not selectable"
            if let reason = mark.reason, !reason.isEmpty { line += ": " + reason }
            lines.append(line + " (" + policy + ")")
        }
        if mark.decorated {
            var line = "Decorated"
            if let label = mark.label, !label.isEmpty { line += ": " + label }
            lines.append(line + " (" + policy + ")")
            if let observedOf = mark.observedOf { lines.append("Observed for: " + observedOf) }
            if mark.estimated { lines.append("Estimated date") }
        }
        lines += others
        var text = ""
        for line in lines {
            if !text.isEmpty { text += "\n" }
            text += line
        }
        return text
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
