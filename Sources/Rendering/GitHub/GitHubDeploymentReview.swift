import CalendarCore

/// What calpolicy tells GitHub about a deployment waiting on its custom protection rule: the
/// body of a POST to the event's `deployment_callback_url` (`environment_name`, `state` when
/// deciding, `comment`), and the one-line comments a developer reads on the workflow run.
/// GitHub keeps at most 1,024 characters of a comment: longer ones are cut here, with `...`.
public enum GitHubDeploymentReview {
    public enum State: String, Sendable, Codable {
        case approved, rejected
    }

    public static let maxCommentCharacters = 1024

    /// The callback body: a decision when `state` is given, else a status report.
    public static func body(environment: String, state: State?, comment: String) -> [UInt8] {
        var fields: [(String, JSONValue)] = [("environment_name", .string(environment))]
        if let state { fields.append(("state", .string(state.rawValue))) }
        fields.append(("comment", .string(cut(comment))))
        return Array(JSONWriter.write(.object(fields)).utf8)
    }

    /// Open now: "calpolicy: open for deploy to production (stack default)".
    public static func approved(action: String, environment: String, stack: String, afterWaiting reason: String? = nil) -> String {
        var line = "calpolicy: open for \(action) to \(environment) (stack \(stack))"
        if let reason { line += "; \(reason) has ended" }
        return line
    }

    /// Closed, and waited for: "calpolicy: frozen by Year-end change freeze until Mon 4 Jan 2027
    /// 09:00 Europe/Berlin; this deployment is approved when the window opens".
    public static func waiting(reason: String, until: Int64, zone: ZoneWallTime) -> String {
        "calpolicy: frozen by \(reason) until \(wallTime(until, zone: zone)); this deployment is approved when the window opens"
    }

    /// Closed past what we wait for, or for good.
    public static func rejected(reason: String, until: Int64?, zone: ZoneWallTime, hard: Bool, maxWait: String) -> String {
        let kind = hard ? "a hard freeze (overridable = false)" : "closed"
        guard let until else {
            return "calpolicy: rejected: \(reason) is \(kind) for at least a year"
        }
        return "calpolicy: rejected: \(reason) is \(kind) until \(wallTime(until, zone: zone)), beyond the \(maxWait) this rule waits"
    }

    /// Refused before any policy was asked (the context could not be made).
    public static func refused(_ why: String) -> String { "calpolicy: rejected: \(why)" }

    /// `Mon 4 Jan 2027 09:00 Europe/Berlin`: the wall time a developer reads, in the stack's zone.
    public static func wallTime(_ instant: Int64, zone: ZoneWallTime) -> String {
        let local = instant + Int64(zone.offset(at: instant))
        let day = zone.day(of: instant)
        let minute = Int(((local % 86_400) + 86_400) % 86_400) / 60
        let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        let time = two(minute / 60) + ":" + two(minute % 60)
        return "\(weekdays[day.weekday - 1]) \(day.day) \(months[day.month - 1]) \(day.year) \(time) \(zone.identifier)"
    }

    static func cut(_ comment: String) -> String {
        let line = TerminalText.line(comment)
        guard line.count > maxCommentCharacters else { return line }
        return String(line.prefix(maxCommentCharacters - 3)) + "..."
    }
}
