import CalendarCore

/// Every layer's answers over the exported days, and the windows they make.
public struct FeedReport: Sendable {
    public struct Layer: Sendable {
        /// The policy's display name (file name or built-in reference).
        public let policy: String
        /// `answers[i]`: the policy's own answer for the `i`th day of the span.
        public let answers: [DayAnswers]

        public init(policy: String, answers: [DayAnswers]) {
            self.policy = policy
            self.answers = answers
        }
    }

    public let span: DaySpan
    /// The day the export was made (DTSTAMP).
    public let today: Day
    public let layers: [Layer]

    public init(span: DaySpan, today: Day, layers: [Layer]) {
        (self.span, self.today, self.layers) = (span, today, layers)
    }

    /// The windows of every layer, in order of their first day (stack order on one day), each
    /// with its UID and the other layers' answers on its days.
    public var windows: [FeedWindow] {
        var windows: [FeedWindow] = []
        for (index, layer) in layers.enumerated() {
            var day = span.first
            for answers in layer.answers {
                defer { day = day.adding(days: 1) }
                guard let mark = FeedWindow.Mark(answers) else { continue }
                if let last = windows.last, last.policyIndex == index, last.mark == mark,
                   last.last.adding(days: 1) == day {
                    windows[windows.count - 1].last = day
                } else {
                    windows.append(FeedWindow(first: day, last: day, policy: layer.policy, policyIndex: index,
                                              mark: mark))
                }
            }
        }
        windows.sort { ($0.first, $0.policyIndex) < ($1.first, $1.policyIndex) }
        // Ordinals among windows of one policy and summary starting in one year, in day order.
        var ordinals: [String: Int] = [:]
        for index in windows.indices {
            let window = windows[index]
            let key = window.policy + "\u{1F}" + window.summary + "\u{1F}" + String(window.first.components.year)
            let ordinal = ordinals[key, default: 0]
            ordinals[key] = ordinal + 1
            windows[index].uid = ICSIdentifier.uid(policy: window.policy, summary: window.summary,
                                                   year: window.first.components.year, ordinal: ordinal)
        }
        // The other layers' windows overlapping each one, clipped to it.
        var active: [FeedWindow] = []
        for index in windows.indices {
            let window = windows[index]
            active.removeAll { $0.last < window.first }
            var others: [String] = []
            for other in active where other.policyIndex != window.policyIndex {
                others.append(Self.also(other, within: window))
            }
            for later in windows[(index + 1)...] {
                if later.first > window.last { break }
                if later.policyIndex != window.policyIndex { others.append(Self.also(later, within: window)) }
            }
            windows[index].others = others
            active.append(window)
        }
        return windows
    }

    /// `Also: weekend (weekends.lua): 2026-12-19 – 2026-12-20`, the overlap only.
    static func also(_ other: FeedWindow, within window: FeedWindow) -> String {
        let first = max(other.first, window.first)
        let last = min(other.last, window.last)
        var line = "Also: "
        line += other.summary + " (" + other.policy + "): " + first.iso
        if last != first { line += " – " + last.iso }
        return line
    }
}

/// `only=`, `policy=` and `exclude=` of the feed: which windows it holds.
public struct FeedFilter: Sendable, Equatable {
    /// `only`: windows that deny, or windows that decorate.
    public enum Kind: String, CaseIterable, Sendable { case denied, decorated }

    public var only: Kind?
    /// Names (see `matches`) of the policies whose windows are kept; empty keeps every policy.
    public var policies: [String]
    public var excluded: [String]

    public init(only: Kind? = nil, policies: [String] = [], excluded: [String] = []) {
        (self.only, self.policies, self.excluded) = (only, policies, excluded)
    }

    public func admits(_ window: FeedWindow) -> Bool {
        switch only {
        case .denied?: if !window.mark.denied { return false }
        case .decorated?: if !window.mark.decorated { return false }
        case nil: break
        }
        if !policies.isEmpty, !policies.contains(where: { Self.matches($0, policy: window.policy) }) { return false }
        return !excluded.contains { Self.matches($0, policy: window.policy) }
    }

    /// Whether a run of closed time (a timed event, which denies) of the policy at `path` is kept:
    /// the policy is named as its windows are, by its file name.
    public func admitsClosing(by path: String) -> Bool {
        if only == .decorated { return false }
        let policy = path.split(separator: "/").last.map(String.init) ?? path
        if !policies.isEmpty, !policies.contains(where: { Self.matches($0, policy: policy) }) { return false }
        return !excluded.contains { Self.matches($0, policy: policy) }
    }

    /// A policy answers to its display name (`change-freeze.lua`, `weekends:AE`), its file stem
    /// (`change-freeze`) and a built-in reference's kind (`weekends` for `weekends:AE`).
    public static func matches(_ name: String, policy: String) -> Bool {
        if name == policy { return true }
        if policy.hasSuffix(".lua"), name == String(policy.dropLast(4)) { return true }
        if let colon = policy.firstIndex(of: ":"), name == String(policy[..<colon]) { return true }
        return false
    }
}
