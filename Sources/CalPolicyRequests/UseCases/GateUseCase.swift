import CalendarCore
import PolicyEngine
import Rendering

/// `gate`: may we deploy at this instant? Open or closed under a stack's hours (each policy's
/// closed intervals in its own zone, `HoursTimeline`), why, and until when (looking ahead at
/// most a year). The CLI's `gate` and the server's `GET /v1/gate` come through here.
public enum GateUseCase {
    /// One question: the instant, the stack's zone and the day policies see as today.
    public struct Question: Sendable {
        public var instant: Int64
        public var zone: ZoneWallTime
        /// `--today` when given, else the instant's date in the zone.
        public var today: Day
    }

    /// The question for `text` (an ISO 8601 instant with an offset) in `zone`.
    public static func question(_ text: String, zone: ZoneWallTime, today: Day?) throws(RequestError) -> Question {
        let instant = try InstantText.parse(text, option: OptionCatalogue.at)
        return Question(instant: instant, zone: zone, today: today ?? zone.day(of: instant))
    }

    /// The stack's state at the question's instant.
    public static func answer(_ question: Question, timeline: HoursTimeline) throws(RequestFailure) -> GateState {
        do {
            return try timeline.state(at: question.instant)
        } catch {
            throw RequestFailure(policyFailure: error)
        }
    }

    /// The stack as hours for the question (policies asked with its today, an empty selection).
    public static func timeline(_ policies: [any DayPolicy], question: Question) -> HoursTimeline {
        HoursTimeline(stack: PolicyStack(policies), zone: question.zone,
                      context: PolicyContext(today: question.today))
    }

    /// The answer as JSON: `{"at", "timeZone", "open", "reason", "policy", "from", "until"}`; instants
    /// in the stack's zone with their offsets.
    public static func json(_ state: GateState, zone: ZoneWallTime, policies: [String]) -> JSONValue {
        let closing = state.closing
        return .object([
            ("at", .string(zone.iso(state.instant))),
            ("timeZone", .string(zone.identifier)),
            ("open", .bool(!state.isClosed)),
            ("reason", closing?.reason.map(JSONValue.string) ?? .null),
            ("policy", closing.map { policyName($0.policyIndex, policies) } ?? .null),
            ("until", state.until.map { .string(zone.iso($0)) } ?? .null),
        ])
    }

    /// One line: "closed until 2027-01-05T09:00:00+01:00 — Year-end change freeze (freeze.lua)".
    /// The reason and the policy's name are escaped by `TerminalText`: whatever they hold, one
    /// instant is one line, which no control, bidi or line-separator character can forge.
    public static func text(_ state: GateState, zone: ZoneWallTime, policies: [String]) -> String {
        let until = state.until.map { "until " + zone.iso($0) } ?? "for at least a year"
        guard state.isClosed, let closing = state.closing else {
            return "open " + until + (state.until == nil ? "" : " (then closed)")
        }
        var line = "closed " + until + " — " + TerminalText.escape(closing.reason ?? "closed")
        if case .string(let name) = policyName(closing.policyIndex, policies) { line += " (" + TerminalText.escape(name) + ")" }
        return line
    }

    private static func policyName(_ index: Int, _ policies: [String]) -> JSONValue {
        index < policies.count ? .string(policies[index]) : .null
    }
}
