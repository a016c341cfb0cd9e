import CalendarCore
import Rendering

/// A `DecisionRecord` as its one JSON line (no newline), written field by field as bytes with
/// Rendering's one JSON writer's escaping (`JSONWriter.appendString`):
/// `{"decisionId", "time", …request, "route", "stack", "version", "revision"?, "today", "instant",
/// "timeZone", "context", "query", "body", "answer", …outcome, "data", "masked"?}`. Masked
/// context keys are hashed wherever the question holds them, and named in `masked` (only on a
/// line where some key was). No `JSONValue` tree is built for the record itself: a tree per
/// logged decision, then its walk, was a third of what the log cost a cached answer.
public enum DecisionRecordRenderer {
    public static func line(_ record: DecisionRecord, mask: DecisionMask = DecisionMask()) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(1024)
        append(record, mask: mask, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The line's bytes appended to `out` (no newline), the same bytes `line` returns.
    public static func append(_ record: DecisionRecord, mask: DecisionMask = DecisionMask(), to out: inout [UInt8]) {
        append(record, mask: mask, to: &out, request: { out in
            for (key, value) in record.request { member(key, value, &out) }
        }, outcome: { out in
            for (key, value) in record.outcome { member(key, value, &out) }
        })
    }

    /// `append(_:mask:to:)` with the face's own fields written by the face in place of
    /// `record.request` and `record.outcome` (which are then not read): `request` writes its
    /// members after `time`, `outcome` after `answer`, each as `, "key": value` (`member`). The
    /// server's fields go straight into the line this way: two arrays of `JSONValue` built and
    /// torn down per decision were a fifth of what the log cost an answer.
    public static func append(_ record: DecisionRecord, mask: DecisionMask = DecisionMask(), to out: inout [UInt8],
                              request: (inout [UInt8]) -> Void, outcome: (inout [UInt8]) -> Void) {
        var masked: [String] = []
        put("{\"decisionId\": ", &out)
        JSONWriter.appendString(record.decisionId, to: &out)
        put(", \"time\": ", &out)
        JSONWriter.appendString(record.time, to: &out)
        request(&out)
        put(", \"route\": ", &out)
        JSONWriter.appendString(record.route, to: &out)
        put(", \"stack\": ", &out)
        text(record.stack, &out)
        put(", \"version\": ", &out)
        text(record.version, &out)
        if let revision = record.revision {
            put(", \"revision\": ", &out)
            JSONWriter.appendString(revision, to: &out)
        }
        put(", \"today\": ", &out)
        text(record.today, &out)
        put(", \"instant\": ", &out)
        // Bound once: each `if let` of the optional copied the zone (its retains and releases).
        let zone = record.zone
        if let seconds = record.instant {
            put("{\"seconds\": ", &out)
            JSONWriter.appendInteger(Int(seconds), to: &out)
            put(", \"iso\": ", &out)
            if let zone { JSONWriter.appendString(DecisionInstantText.iso(seconds, zone), to: &out) } else { put("null", &out) }
            out.append(0x7D)
        } else {
            put("null", &out)
        }
        put(", \"timeZone\": ", &out)
        if let zone { JSONWriter.appendString(zone.identifier, to: &out) } else { put("null", &out) }
        put(", \"context\": ", &out)
        if let context = record.context { mask.appendContext(context, masked: &masked, to: &out) } else { put("null", &out) }
        put(", \"query\": ", &out)
        if let pairs = record.queryPairs {
            mask.appendQuery(pairs, masked: &masked, to: &out)
        } else {
            JSONWriter.appendInline(mask.isEmpty ? record.query : mask.query(record.query, masked: &masked), to: &out)
        }
        put(", \"body\": ", &out)
        JSONWriter.appendInline(mask.isEmpty ? record.body : mask.body(record.body, masked: &masked), to: &out)
        put(", \"answer\": ", &out)
        if let answer = record.answerJSON { out.append(contentsOf: answer) } else { JSONWriter.appendInline(record.answer, to: &out) }
        outcome(&out)
        put(", \"data\": {\"tzdata\": ", &out)
        text(record.data.tzdata, &out)
        put(", \"holidays\": ", &out)
        text(record.data.holidays, &out)
        out.append(0x7D)
        if !masked.isEmpty {
            put(", \"masked\": [", &out)
            for (index, key) in masked.sorted().enumerated() {
                if index > 0 { put(", ", &out) }
                JSONWriter.appendString(key, to: &out)
            }
            out.append(0x5D)
        }
        out.append(0x7D)
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

    /// A text of the policies' or the data's, made safe for one line, or `null`.
    private static func text(_ value: String?, _ out: inout [UInt8]) {
        if let value { appendText(value, to: &out) } else { put("null", &out) }
    }

    /// `JSONWriter.appendString(TerminalText.escape(value))`, the same bytes. Printable ASCII
    /// with no quote or backslash (a version, a day, an address, a method: nearly every such
    /// text) is what both escapers leave as it is, so it is copied after one scan; the two
    /// escapers' scans and the String between them were a twentieth of what a line cost.
    public static func appendText(_ value: String, to out: inout [UInt8]) {
        var value = value
        let copied = value.withUTF8 { bytes -> Bool in
            for byte in bytes where byte < 0x20 || byte > 0x7E || byte == 0x22 || byte == 0x5C { return false }
            out.append(0x22)
            out.append(contentsOf: bytes)
            out.append(0x22)
            return true
        }
        if !copied { JSONWriter.appendString(TerminalText.escape(value), to: &out) }
    }

    /// `, "key": value`: a member after the first.
    private static func member(_ key: String, _ value: JSONValue, _ out: inout [UInt8]) {
        put(", ", &out)
        JSONWriter.appendString(key, to: &out)
        put(": ", &out)
        JSONWriter.appendInline(value, to: &out)
    }

    /// A face's member (`append(_:mask:to:request:outcome:)`), `, "key": value`, as `record.request`
    /// and `record.outcome` write it for `.object` of the same pairs. `key` needs no escaping.
    public static func member(_ key: StaticString, _ value: JSONValue, to out: inout [UInt8]) {
        memberKey(key, &out)
        JSONWriter.appendInline(value, to: &out)
    }

    /// `member` of `.string(text)`, or of `.null` when `text` is nil, with no `JSONValue` made.
    public static func member(_ key: StaticString, string text: String?, to out: inout [UInt8]) {
        memberKey(key, &out)
        if let text { JSONWriter.appendString(text, to: &out) } else { put("null", &out) }
    }

    /// `member` of `.string(TerminalText.escape(text))`, or of `.null` when `text` is nil
    /// (`appendText`): an untrusted text made safe for one line.
    public static func member(_ key: StaticString, text: String?, to out: inout [UInt8]) {
        memberKey(key, &out)
        if let text { appendText(text, to: &out) } else { put("null", &out) }
    }

    /// `member` of `.int(value)`.
    public static func member(_ key: StaticString, integer value: Int, to out: inout [UInt8]) {
        memberKey(key, &out)
        JSONWriter.appendInteger(value, to: &out)
    }

    @inline(__always) private static func memberKey(_ key: StaticString, _ out: inout [UInt8]) {
        put(", \"", &out)
        put(key, &out)
        put("\": ", &out)
    }

    /// A literal's UTF-8 (keys and punctuation: nothing in them needs escaping).
    @inline(__always) static func put(_ text: StaticString, _ out: inout [UInt8]) {
        out.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }
}
