import CalendarCore
import Rendering

/// A `DecisionRecord`'s line made ready to write in one region (`UnsafeRowWriter`): its worst
/// case in bytes, and the parts a writer cannot size by itself (the sorted context, a JSON body,
/// query or answer, which are rare on a cached route) written beforehand.
///
/// Why a region: the line is some fifty small pieces, and each appended to an `[UInt8]` cost
/// ~74 instructions (uniqueness and capacity checks, a generic copy); written at a pointer
/// they cost a few, and the line reaches the log's buffer in one copy.
public struct DecisionLine {
    /// The most bytes `write` writes, the face's members (`request`, `outcome`) not counted:
    /// the region it is given must hold this and their worst case.
    public let capacity: Int
    private let mask: DecisionMask
    private let iso: String?
    private let zoneIdentifier: String?
    private let hasContext: Bool
    private let context: [(key: String, value: String)]
    private let query: [UInt8]?
    private let body: [UInt8]?
    private let answer: [UInt8]?
    /// Keys masked while the parts above were written (the body's, a JSON query's).
    private let masked: [String]

    /// The literal bytes of a line at most, keys, punctuation and `null`s (257 counted, with
    /// the instant's seconds at their longest), rounded up.
    static let fixedByteCount = 320
    /// A masked value's `"sha256:<64 hex>"`, quotes included.
    static let hashedByteCount = 73

    /// `record` is borrowed: an initializer's argument is otherwise consumed, and the caller's
    /// record was copied for it (a retain and a release of each of its texts) per decision.
    public init(_ record: borrowing DecisionRecord, mask: DecisionMask = DecisionMask()) {
        self.mask = mask
        var masked: [String] = []
        var capacity = Self.fixedByteCount
        capacity += Self.string(record.decisionId) + Self.string(record.time) + Self.string(record.route)
            + Self.string(record.revision)
        capacity += UnsafeRowWriter.terminalTextCapacity(record.stack) + UnsafeRowWriter.terminalTextCapacity(record.version)
            + UnsafeRowWriter.terminalTextCapacity(record.today) + UnsafeRowWriter.terminalTextCapacity(record.data.tzdata)
            + UnsafeRowWriter.terminalTextCapacity(record.data.holidays)
        // The zone is read in place, never bound: each copy of it was a dozen retains and releases.
        if let seconds = record.instant {
            iso = DecisionInstantText.iso(seconds, record.zone)
            capacity += Self.string(iso)
        } else {
            iso = nil
        }
        zoneIdentifier = record.zone?.identifier
        capacity += Self.string(zoneIdentifier)
        hasContext = record.context != nil
        context = record.context.map(DecisionMask.sortedPairs) ?? []
        var maskable = 0
        for (key, value) in context {
            let keyBytes = Self.string(key)
            capacity += keyBytes + max(UnsafeRowWriter.terminalTextCapacity(value), Self.hashedByteCount) + 4
            maskable += keyBytes + 2
        }
        if let pairs = record.queryPairs {
            for pair in pairs {
                let nameBytes = UnsafeRowWriter.terminalTextCapacity(pair.name)
                capacity += nameBytes + max(UnsafeRowWriter.terminalTextCapacity(pair.value), Self.hashedByteCount) + 4
                maskable += nameBytes + 2
            }
            query = nil
        } else {
            query = DecisionRecordRenderer.json(mask.isEmpty ? record.query : mask.query(record.query, masked: &masked))
        }
        if case .null = record.body {
            body = nil
        } else {
            body = DecisionRecordRenderer.json(mask.isEmpty ? record.body : mask.body(record.body, masked: &masked))
        }
        if record.answerJSON != nil {
            answer = nil
        } else if case .null = record.answer {
            answer = nil
        } else {
            answer = DecisionRecordRenderer.json(record.answer)
        }
        capacity += (query?.count ?? 0) + (body?.count ?? 0) + (answer?.count ?? record.answerJSON?.count ?? 0)
        // `masked`: every key this line may hash (the context's and the query's, and those
        // already hashed above), each once at most.
        if !mask.isEmpty {
            capacity += maskable + masked.reduce(0) { $0 + Self.string($1) + 2 }
        }
        self.masked = masked
        self.capacity = capacity
    }

    /// The most bytes `jsonString` writes for `text`.
    private static func string(_ text: String?) -> Int {
        UnsafeRowWriter.jsonStringCapacity(text?.utf8.count ?? 0, strings: 1)
    }

    /// The line (no newline), `record` being the one this was made of: `{"decisionId", "time",
    /// …request, "route", "stack", "version", "revision"?, "today", "instant", "timeZone",
    /// "context", "query", "body", "answer", …outcome, "data", "masked"?}`. `request` writes the
    /// face's members after `time`, `outcome` after `answer`, each as `, "key": value`; the
    /// region must hold `capacity` and what they write.
    public func write(_ record: DecisionRecord, to w: inout UnsafeRowWriter,
                      request: (inout UnsafeRowWriter) -> Void, outcome: (inout UnsafeRowWriter) -> Void) {
        var masked = self.masked
        w.put("{\"decisionId\": ")
        w.jsonString(record.decisionId)
        w.put(", \"time\": ")
        w.jsonString(record.time)
        request(&w)
        w.put(", \"route\": ")
        w.jsonString(record.route)
        w.put(", \"stack\": ")
        w.terminalText(record.stack)
        w.put(", \"version\": ")
        w.terminalText(record.version)
        if let revision = record.revision {
            w.put(", \"revision\": ")
            w.jsonString(revision)
        }
        w.put(", \"today\": ")
        w.terminalText(record.today)
        w.put(", \"instant\": ")
        if let seconds = record.instant {
            w.put("{\"seconds\": ")
            w.integer(Int(seconds))
            w.put(", \"iso\": ")
            w.jsonString(iso)
            w.byte(0x7D)
        } else {
            w.put("null")
        }
        w.put(", \"timeZone\": ")
        w.jsonString(zoneIdentifier)
        w.put(", \"context\": ")
        if hasContext { mask.writeContext(context, masked: &masked, to: &w) } else { w.put("null") }
        w.put(", \"query\": ")
        if let query { w.bytes(query) } else if let pairs = record.queryPairs { mask.writeQuery(pairs, masked: &masked, to: &w) }
        w.put(", \"body\": ")
        if let body { w.bytes(body) } else { w.put("null") }
        w.put(", \"answer\": ")
        if let answer = record.answerJSON ?? answer { w.bytes(answer) } else { w.put("null") }
        outcome(&w)
        w.put(", \"data\": {\"tzdata\": ")
        w.terminalText(record.data.tzdata)
        w.put(", \"holidays\": ")
        w.terminalText(record.data.holidays)
        w.byte(0x7D)
        if !masked.isEmpty {
            w.put(", \"masked\": [")
            for (index, key) in masked.sorted().enumerated() {
                if index > 0 { w.put(", ") }
                w.jsonString(key)
            }
            w.byte(0x5D)
        }
        w.byte(0x7D)
    }
}
