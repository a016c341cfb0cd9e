import CalendarCore
import Rendering

/// A `DecisionRecord` as its one JSON line (no newline), written field by field as bytes with
/// Rendering's one JSON writer's escaping, into one region (`DecisionLine`):
/// `{"decisionId", "time", …request, "route", "stack", "version", "revision"?, "today", "instant",
/// "timeZone", "context", "query", "body", "answer", …outcome, "data", "masked"?}`. Masked
/// context keys are hashed wherever the question holds them, and named in `masked` (only on a
/// line where some key was). No `JSONValue` tree is built for the record itself: a tree per
/// logged decision, then its walk, was a third of what the log cost a cached answer.
public enum DecisionRecordRenderer {
    public static func line(_ record: DecisionRecord, mask: DecisionMask = DecisionMask()) -> String {
        var bytes: [UInt8] = []
        append(record, mask: mask, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The line's bytes appended to `out` (no newline), the same bytes `line` returns, with
    /// `record.request` and `record.outcome` as the face's members. (The server writes its
    /// members itself: `DecisionLine.write`.)
    public static func append(_ record: DecisionRecord, mask: DecisionMask = DecisionMask(), to out: inout [UInt8]) {
        var request: [UInt8] = [], outcome: [UInt8] = []
        for (key, value) in record.request { member(key, value, &request) }
        for (key, value) in record.outcome { member(key, value, &outcome) }
        let line = DecisionLine(record, mask: mask)
        _ = UnsafeRowWriter.append(to: &out, capacity: line.capacity + request.count + outcome.count) { writer in
            line.write(record, to: &writer, request: { $0.bytes(request) }, outcome: { $0.bytes(outcome) })
            return true
        }
    }

    /// An answer (`gateAnswer`, `documentAnswer`) written on one line as the line holds it: what
    /// `DecisionRecord.answerJSON` takes.
    public static func json(_ answer: JSONValue) -> [UInt8] {
        var bytes: [UInt8] = []
        JSONWriter.appendInline(answer, to: &bytes)
        return bytes
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

    /// `, "key": value`: a member after the first.
    private static func member(_ key: String, _ value: JSONValue, _ out: inout [UInt8]) {
        out += [0x2C, 0x20]  // ", "
        JSONWriter.appendString(key, to: &out)
        out += [0x3A, 0x20]  // ": "
        JSONWriter.appendInline(value, to: &out)
    }
}
