import CalendarCore
import Rendering

/// A `DecisionRecord` as its one JSON line (no newline), through Rendering's one JSON writer:
/// `{"decisionId", "time", …request, "route", "stack", "version", "revision"?, "today", "instant",
/// "timeZone", "context", "query", "body", "answer", …outcome, "data", "masked"?}`. Masked
/// context keys are hashed wherever the question holds them, and named in `masked` (only on a
/// line where some key was).
public enum DecisionRecordRenderer {
    public static func line(_ record: DecisionRecord, mask: DecisionMask = DecisionMask()) -> String {
        var masked = Set<String>()
        let context = record.context.map { mask.context($0, masked: &masked) } ?? .null
        let query = mask.query(record.query, masked: &masked)
        let body = mask.body(record.body, masked: &masked)
        let instant: JSONValue = record.instant.map { seconds in
            .object([("seconds", .int(Int(seconds))), ("iso", record.zone.map { .string(DecisionInstantText.iso(seconds, $0)) } ?? .null)])
        } ?? .null
        var fields: [(String, JSONValue)] = [("decisionId", .string(record.decisionId)), ("time", .string(record.time))]
        fields += record.request
        fields += [
            ("route", .string(record.route)), ("stack", text(record.stack)), ("version", text(record.version)),
        ]
        if let revision = record.revision { fields.append(("revision", .string(revision))) }
        fields += [
            ("today", text(record.today)), ("instant", instant), ("timeZone", .optional(record.zone?.identifier)),
            ("context", context), ("query", query), ("body", body), ("answer", record.answer),
        ]
        fields += record.outcome
        fields.append(("data", .object([("tzdata", text(record.data.tzdata)), ("holidays", text(record.data.holidays))])))
        if !masked.isEmpty { fields.append(("masked", .array(masked.sorted().map(JSONValue.string)))) }
        return JSONWriter.inline(.object(fields), reserving: 1024)
    }

    /// A gate's answer: `{"open", "reason", "policy", "until", "override"}` as the gate's JSON
    /// says them (`GateRenderer.json`; `override` null when none was active), without the
    /// question's `at` and `timeZone`, which the line holds already.
    public static func gateAnswer(_ state: GateState, zone: ZoneWallTime, policies: [String]) -> JSONValue {
        guard case .object(let fields) = GateRenderer.json(state, zone: zone, policies: policies) else { return .null }
        let kept = ["open", "reason", "policy", "until"]
        return .object(kept.map { name in (name, fields.first { $0.0 == name }?.1 ?? .null) }
                       + [("override", fields.first { $0.0 == "override" }?.1 ?? .null)])
    }

    /// A document's answer: its body's SHA-256 and its ETag (the body itself is not copied: it
    /// may be a year of days, and the digest is enough to prove which bytes were given); `etag`
    /// null for a route that gives none (`/v1/overlay`).
    public static func documentAnswer(sha256: String, etag: String?) -> JSONValue {
        .object([("sha256", .string(sha256)), ("etag", .optional(etag))])
    }

    private static func text(_ value: String?) -> JSONValue { value.map { .string(TerminalText.escape($0)) } ?? .null }
}
