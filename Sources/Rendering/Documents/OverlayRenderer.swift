import CalendarCore

/// One overlaid stack as documents name it: its name (`de`) and its policies as given.
public struct OverlayStackName: Sendable, Equatable {
    public var name: String
    public var policies: [String]

    public init(name: String, policies: [String]) {
        self.name = name
        self.policies = policies
    }
}

/// One day of an overlay: each stack's decision, in the order the stacks were given.
public struct OverlayDay: Sendable {
    public var day: Day
    public var decisions: [PolicyStack.Decision]

    public init(day: Day, decisions: [PolicyStack.Decision]) {
        self.day = day
        self.decisions = decisions
    }

    public var allOpen: Bool { decisions.allSatisfy(\.isAllowed) }
}

/// `overlay`'s documents: one calendar with a mark per stack in each day's cell, or JSON with
/// each day's decision per stack. The CLI's `overlay` and `GET /v1/overlay` print these bytes.
public enum OverlayRenderer {
    public static let openMark: Character = "o"
    public static let closedMark: Character = "x"

    /// The refusing policy by its argument (`holidays:DE-BE`, `rules/de.lua`); a built-in rule
    /// past the stack's arguments keeps its own name.
    static func policyName(_ decision: PolicyStack.Decision, _ stack: OverlayStackName) -> String? {
        if let index = decision.policyIndex, stack.policies.indices.contains(index) { return stack.policies[index] }
        return decision.policy
    }

    /// The answer as `overlay --format json` and `GET /v1/overlay` give it.
    public static func json(_ answer: OverlayAnswer, stacks: [OverlayStackName]) -> JSONValue {
        switch answer {
        case .days(let days): json(days, stacks: stacks)
        case .nextCommonOpen(let from, let day): nextCommonOpenJSON(from: from, day: day, stacks: stacks)
        case .closedTime(let answer): closedTimeJSON(answer, stacks: stacks)
        }
    }

    /// The answer as `overlay`'s text: the calendar with its key, or the one day.
    public static func text(_ answer: OverlayAnswer, stacks: [OverlayStackName], firstWeekday: Int,
                            weekdayNames: [String]) -> String {
        switch answer {
        case .days(let days): text(days, stacks: stacks, firstWeekday: firstWeekday, weekdayNames: weekdayNames)
        case .nextCommonOpen(_, let day): day.iso + "\n"
        case .closedTime(let answer):
            closedTimeText(answer, stacks: stacks, firstWeekday: firstWeekday, weekdayNames: weekdayNames)
        }
    }

    public static func json(_ days: [OverlayDay], stacks: [OverlayStackName]) -> JSONValue {
        .object([
            ("stacks", stackList(stacks)),
            ("from", .optional(days.first?.day.iso)),
            ("to", .optional(days.last?.day.iso)),
            ("commonOpenDays", .int(days.filter(\.allOpen).count)),
            ("days", .rows(days.map { day in
                .object([
                    ("date", .string(day.day.iso)),
                    ("allOpen", .bool(day.allOpen)),
                    ("stacks", .object(zip(stacks, day.decisions).map { stack, decision in
                        (stack.name, .object([
                            ("open", .bool(decision.isAllowed)),
                            ("reason", .optional(decision.verdict.reason)),
                            ("policy", .optional(policyName(decision, stack))),
                        ]))
                    })),
                ])
            })),
        ])
    }

    public static func nextCommonOpenJSON(from: Day, day: Day, stacks: [OverlayStackName]) -> JSONValue {
        .object([("stacks", stackList(stacks)), ("from", .string(from.iso)), ("nextCommonOpen", .string(day.iso))])
    }

    /// Closed time as JSON: the span's days and its windows (`commonOpen`: every stack open;
    /// `uncovered`: no stack open), or the search's start and the window found, instants in the
    /// stack zone with their offsets.
    public static func closedTimeJSON(_ answer: OverlayClosedTime, stacks: [OverlayStackName]) -> JSONValue {
        let zone = answer.zone
        func window(_ window: StacksTimeline.Window) -> JSONValue {
            .object([("from", .string(zone.iso(window.start))), ("until", .optional(window.end.map(zone.iso))),
                     ("seconds", window.end.map { JSONValue.int(Int($0 - window.start)) } ?? .null)])
        }
        var fields: [(String, JSONValue)] = [("stacks", stackList(stacks)), ("timeZone", .string(zone.identifier)),
                                             ("coverage", .string(answer.coverage == .all ? "all" : "any")),
                                             ("minDuration", .int(Int(answer.minimum)))]
        if let from = answer.from {
            fields += [("from", .string(zone.iso(from))),
                       (answer.coverage == .all ? "nextCommonOpen" : "nextCovered", answer.next.map(window) ?? .null)]
            return .object(fields)
        }
        var days = json(answer.days, stacks: stacks)
        if case .object(let dayFields) = days {
            days = .object(dayFields.filter { $0.0 != "stacks" })
        }
        if case .object(let dayFields) = days { fields += dayFields }
        fields += [("commonOpen", .array(answer.commonOpen.map(window))), ("uncovered", .array(answer.uncovered.map(window)))]
        return .object(fields)
    }

    /// Closed time as text: the span's calendar, then its windows in the stack zone; or the
    /// window found (`from – until`), one line.
    public static func closedTimeText(_ answer: OverlayClosedTime, stacks: [OverlayStackName], firstWeekday: Int,
                                      weekdayNames: [String]) -> String {
        let zone = answer.zone
        func line(_ window: StacksTimeline.Window) -> String {
            zone.iso(window.start) + " – " + (window.end.map(zone.iso) ?? "(open past the search)")
                + (window.end.map { "  (" + duration($0 - window.start) + ")" } ?? "")
        }
        if answer.from != nil {
            guard let next = answer.next else { return "" }
            return line(next) + "\n"
        }
        var out = text(answer.days, stacks: stacks, firstWeekday: firstWeekday, weekdayNames: weekdayNames)
        let listed = answer.coverage == .all ? answer.commonOpen : answer.uncovered
        let heading = answer.coverage == .all
            ? "open in every stack (\(zone.identifier)), at least \(duration(max(answer.minimum, 60))):"
            : "uncovered, no stack open (\(zone.identifier)):"
        let shown = answer.coverage == .all ? listed.filter { ($0.end ?? Int64.max) - $0.start >= answer.minimum } : listed
        out += TerminalText.escape(heading) + (shown.isEmpty ? " none" : "") + "\n"
        for window in shown { out += "  " + line(window) + "\n" }
        return out
    }

    /// `3h`, `1h30m`, `2d 4h`: a window's length as people read it.
    static func duration(_ seconds: Int64) -> String {
        let minutes = seconds / 60, days = minutes / 1440, hours = minutes % 1440 / 60, rest = minutes % 60
        var parts: [String] = []
        if days > 0 { parts.append("\(days)d") }
        if hours > 0 { parts.append("\(hours)h") }
        if rest > 0 || parts.isEmpty { parts.append("\(rest)m") }
        return parts.joined(separator: " ")
    }

    static func stackList(_ stacks: [OverlayStackName]) -> JSONValue {
        .array(stacks.map { .object([("name", .string($0.name)), ("policies", .array($0.policies.map { .string($0) }))]) })
    }

    /// Weeks as rows from `firstWeekday` (1 = Sunday), each cell the day of the month and one
    /// mark per stack (`25 xxo`: closed in the first two stacks, open in the third); then the
    /// key, each run of days closed somewhere with the same reasons, and the count of days open
    /// in every stack. `weekdayNames`: seven short names, index 0 = Sunday.
    public static func text(_ days: [OverlayDay], stacks: [OverlayStackName], firstWeekday: Int,
                            weekdayNames: [String]) -> String {
        guard let first = days.first, let last = days.last else { return "" }
        let width = max(3 + stacks.count, weekdayNames.map(\.count).max() ?? 3)
        func pad(_ text: String) -> String { text + String(repeating: " ", count: max(0, width - text.count)) }
        func name(_ day: Day) -> String { weekdayNames[day.weekday - 1] }
        var out = TerminalText.escape(DayRange.text(first.day, last.day, weekdayName: name) + "  stacks: "
            + stacks.map(\.name).joined(separator: " ")) + "\n"
        var header: [String] = []
        for column in 0..<7 { header.append(pad(weekdayNames[(firstWeekday - 1 + column) % 7])) }
        out += header.joined(separator: " ").trimmingTrailingSpaces() + "\n"
        var row: [String] = Array(repeating: pad(""), count: (first.day.weekday - firstWeekday + 7) % 7)
        for day in days {
            let marks = String(day.decisions.map { $0.isAllowed ? openMark : closedMark })
            row.append(pad((day.day.day < 10 ? " " : "") + "\(day.day.day) " + marks))
            if row.count == 7 || day.day == last.day {
                out += row.joined(separator: " ").trimmingTrailingSpaces() + "\n"
                row = []
            }
        }
        out += TerminalText.escape("\(openMark) open, \(closedMark) closed; one mark a stack, in the order "
            + stacks.map(\.name).joined(separator: " ")) + "\n"
        // Runs of consecutive days with the same closures, read as day ranges.
        var index = 0
        while index < days.count {
            let key = closures(days[index], stacks)
            var end = index
            while end + 1 < days.count, closures(days[end + 1], stacks) == key { end += 1 }
            if !key.isEmpty {
                out += TerminalText.escape(DayRange.text(days[index].day, days[end].day, weekdayName: name) + "  " + key.joined(separator: "; ")) + "\n"
            }
            index = end + 1
        }
        let open = days.filter(\.allOpen).count
        out += "open in every stack: \(open) of \(days.count) day\(days.count == 1 ? "" : "s")\n"
        return out
    }

    /// `de: Christmas Day (holidays:DE-BE)` for each stack that closes the day.
    static func closures(_ day: OverlayDay, _ stacks: [OverlayStackName]) -> [String] {
        zip(stacks, day.decisions).compactMap { stack, decision in
            guard !decision.isAllowed else { return nil }
            var text = "\(stack.name): \(decision.verdict.reason ?? "closed")"
            if let policy = policyName(decision, stack) { text += " (\(policy))" }
            return text
        }
    }
}

extension String {
    func trimmingTrailingSpaces() -> String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
