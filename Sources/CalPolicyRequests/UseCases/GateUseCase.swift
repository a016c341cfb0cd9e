import CalendarCore
import Foundation
import PolicyEngine
import Rendering

/// `gate`: may we deploy at this instant? Open or closed under a stack's hours (each policy's
/// closed intervals in its own zone, `HoursTimeline`), why, and until when (looking ahead at
/// most a year). The CLI's `gate` and the server's `GET /v1/gate` come through here; a batch
/// of instants through `GateBatchUseCase`.
public enum GateUseCase {
    /// One question: the instant, the stack's zone and the day policies see as today.
    public struct Question: Sendable {
        public var instant: Int64
        public var zone: ZoneWallTime
        /// `--today` when given, else the instant's date in the zone.
        public var today: Day
        /// Who asks, about what and where (`--context`): scoped policies outside it have no opinion.
        public var decision: DecisionContext

        /// The question at `instant` (`gate --now`: the clock's instant as it is, never text).
        public init(instant: Int64, zone: ZoneWallTime, today: Day? = nil, decision: DecisionContext = DecisionContext()) {
            self.instant = instant
            self.zone = zone
            self.today = today ?? zone.day(of: instant)
            self.decision = decision
        }
    }

    /// The question for `text` (an ISO 8601 instant with an offset) in `zone`.
    public static func question(_ text: String, zone: ZoneWallTime, today: Day?,
                                decision: DecisionContext = DecisionContext()) throws(RequestError) -> Question {
        Question(instant: try InstantText.parse(text, option: OptionCatalogue.at), zone: zone, today: today, decision: decision)
    }

    /// A line of `gate --batch`: an instant, or `{"at": INSTANT, "context": {KEY: VALUE, ...}}`
    /// (the line's context over the command's `--context` entries, a key of the line winning).
    /// `base`: the command's context, parsed once for the whole batch (`contextEntries` are its
    /// entries, which a line's own context is merged over).
    public static func batchQuestion(_ line: String, zone: ZoneWallTime, today: Day?, contextEntries: [String],
                                     base: DecisionContext? = nil) throws(RequestError) -> Question {
        guard line.first == "{" else {
            if let base { return try question(line, zone: zone, today: today, decision: base) }
            return try question(line, zone: zone, today: today,
                                decision: ValueParser.context(contextEntries, option: OptionCatalogue.context))
        }
        let fields: [String: Any]
        do {
            guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
                throw RequestError(OptionCatalogue.at, value: line, reason: "expected {\"at\": INSTANT, \"context\": {...}}")
            }
            fields = object
        } catch let error as RequestError {
            throw error
        } catch {
            throw RequestError(OptionCatalogue.at, value: line, reason: "is not JSON: expected {\"at\": INSTANT, \"context\": {...}}")
        }
        for key in fields.keys where key != "at" && key != "context" {
            throw RequestError(OptionCatalogue.at, value: line, reason: "unknown field '\(InputEcho.cut(key))' (fields: at, context)")
        }
        guard let at = fields["at"] as? String else {
            throw RequestError(OptionCatalogue.at, value: line, reason: "needs \"at\": an instant with its offset")
        }
        var entries = contextEntries
        if let context = fields["context"] {
            guard let object = context as? [String: Any] else {
                throw RequestError(OptionCatalogue.context, value: line, reason: "\"context\" must be an object of strings")
            }
            entries += try ContextFile.entries(object, option: OptionCatalogue.context)
        }
        return try question(at, zone: zone, today: today, decision: ValueParser.context(entries, option: OptionCatalogue.context))
    }

    /// The question `values` ask (`at`, `timeZone`, else `fallbackZone`), with `today` when the
    /// request gave one.
    public static func request(_ values: RequestValues, fallbackZone: ZoneWallTime, today: Day?,
                               decision: DecisionContext = DecisionContext()) throws(RequestError) -> Question {
        let zone = try StackZone.resolve(values, fallback: fallbackZone)
        return try question(values.value(OptionCatalogue.at) ?? "", zone: zone, today: today, decision: decision)
    }

    /// The stack's state at the question's instant: the one call of `GET /v1/gate`.
    public static func run(_ question: Question, policies: [any DayPolicy], overrides: [Override] = []) throws(RequestFailure) -> GateState {
        try answer(question, timeline: timeline(policies, question: question, overrides: overrides))
    }

    /// The stack's state at the question's instant, from a timeline already made.
    static func answer(_ question: Question, timeline: HoursTimeline) throws(RequestFailure) -> GateState {
        do {
            return try timeline.state(at: question.instant)
        } catch {
            throw RequestFailure(policyFailure: error)
        }
    }

    /// The stack as hours for the question (policies asked with its today, an empty selection),
    /// the overrides covering its context cut out of the closed time they lift.
    static func timeline(_ policies: [any DayPolicy], question: Question, overrides: [Override] = []) -> HoursTimeline {
        HoursTimeline(stack: PolicyStack(policies), zone: question.zone,
                      context: PolicyContext(today: question.today, decision: question.decision, overrides: overrides))
    }
}
