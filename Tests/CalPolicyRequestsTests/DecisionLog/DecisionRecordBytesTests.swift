import CalendarCore
import CalendarData
import Foundation
import Rendering
import Testing
@testable import CalPolicyRequests

/// `DecisionRecordRenderer` writes a line field by field as bytes; these lines must be the bytes
/// the former renderer wrote (a `JSONValue` tree of the record through `JSONWriter.inline`), kept
/// here as the reference: `replay`, the fleet's merges and every reader of old logs rely on them.
@Suite struct DecisionRecordBytesTests {
    // MARK: the reference: the former renderer, as it was

    /// The record as the former renderer built it; `queryPairs` as the server built `query` then
    /// (`LogJSON.query`: names and values through `TerminalText`).
    static func reference(_ record: DecisionRecord, mask: DecisionMask) -> String {
        var masked: [String] = []
        let context = record.context.map { referenceContext($0, mask: mask, masked: &masked) } ?? .null
        let logged = record.queryPairs.map { pairs in
            JSONValue.object(pairs.map { (TerminalText.escape($0.name), .string(TerminalText.escape($0.value))) })
        } ?? record.query
        let query = mask.query(logged, masked: &masked)
        let body = mask.body(record.body, masked: &masked)
        let instant: JSONValue = record.instant.map { seconds in
            .object([("seconds", .int(Int(seconds))), ("iso", record.zone.map { .string($0.iso(seconds)) } ?? .null)])
        } ?? .null
        var fields: [(String, JSONValue)] = [("decisionId", .string(record.decisionId)), ("time", .string(record.time))]
        fields += record.request
        fields += [("route", .string(record.route)), ("stack", text(record.stack)), ("version", text(record.version))]
        if let revision = record.revision { fields.append(("revision", .string(revision))) }
        fields += [
            ("today", text(record.today)), ("instant", instant), ("timeZone", .optional(record.zone?.identifier)),
            ("context", context), ("query", query), ("body", body), ("answer", record.answer),
        ]
        fields += record.outcome
        fields.append(("data", .object([("tzdata", text(record.data.tzdata)), ("holidays", text(record.data.holidays))])))
        if !masked.isEmpty { fields.append(("masked", .array(Set(masked).sorted().map(JSONValue.string)))) }
        return JSONWriter.inline(.object(fields), reserving: 1024)
    }

    static func referenceContext(_ context: DecisionContext, mask: DecisionMask, masked: inout [String]) -> JSONValue {
        var pairs = context.values.map { ($0.key, $0.value) } + context.labels.map { ("labels." + $0.key, $0.value) }
        pairs.sort { $0.0 < $1.0 }
        return .object(pairs.map { key, value in
            guard mask.masks(key) else { return (key, JSONValue.string(TerminalText.escape(value))) }
            masked.append(key)
            return (key, .string(DecisionMask.hashed(value)))
        })
    }

    static func text(_ value: String?) -> JSONValue { value.map { .string(TerminalText.escape($0)) } ?? .null }

    // MARK: the records

    static let data = DataVersions(tzdata: "2025b", holidays: "python-holidays 0.109")

    static func context(_ entries: [String]) throws -> DecisionContext {
        try ValueParser.context(entries, option: OptionCatalogue.context)
    }

    /// What the server puts before the route and after the answer.
    static func server(_ record: inout DecisionRecord, id: String, client: String?, status: Int,
                       failure: (code: String, message: String, parameter: String?)? = nil) {
        record.request = [("id", .string(id)), ("client", client.map { .string(TerminalText.escape($0)) } ?? .null),
                          ("method", .string("GET"))]
        let error: JSONValue = failure.map {
            .object([("code", .string($0.code)), ("message", .string(TerminalText.line($0.message))),
                     ("parameter", $0.parameter.map { .string(TerminalText.line($0)) } ?? .null)])
        } ?? .null
        record.outcome = [("status", .int(status)), ("error", error), ("durationUs", .int(137))]
    }

    static func records() throws -> [DecisionRecord] {
        let berlin = try #require(ZoneDatabase.zone(named: "Europe/Berlin"))
        let closed = GateState(instant: 1_803_895_200, isClosed: true,
                               closing: ClosedSpan(start: 1_803_859_200, end: 1_803_945_600, reason: "freeze \"Q1\"\u{2028}",
                                                   policyIndex: 0),
                               until: 1_803_945_600)
        let open = GateState(instant: 1_803_895_200, isClosed: false, closing: nil, until: nil)
        let document = DecisionRecordRenderer.documentAnswer(sha256: SHA256.hex(Array("{\"days\": []}".utf8)), etag: "\"9f2c\"")
        var records: [DecisionRecord] = []

        // gate: every question field, a context with quotes, backslashes, unicode, bidi and U+2028.
        var gate = DecisionRecord(decisionId: "0b7e1f9c-3c1a-4e8e-9d6b-2f4a5c6d7e8f", time: "2027-03-01T10:00:00.123Z",
                                  route: "/v1/gate", data: data)
        server(&gate, id: "1a2b3c4d-00002a", client: "127.0.0.1", status: 200)
        (gate.stack, gate.version, gate.today, gate.revision) = ("prod", "4faa9724fe901b53", "2027-03-01", "r42")
        (gate.instant, gate.zone) = (1_803_895_200, berlin)
        gate.context = try context(["actor=al\"ice\\", "environment=prod\u{2028}uction", "labels.team=ops \u{202E}evil",
                                    "service=café ☕ 日本", "labels.app.kubernetes.io/name=web"])
        gate.queryPairs = [("at", "2027-03-01T10:00:00Z"), ("context.actor", "al\"ice\\"), ("context.tenant", "a\u{01}b\tc\nd\u{7F}"),
                           ("x\u{1B}[31m", "\u{9B}red\u{2029}")]
        gate.answer = DecisionRecordRenderer.gateAnswer(closed, zone: berlin, policies: ["freeze.lua", "b\u{0}d.lua"])
        records.append(gate)

        // gate: open, no instant's zone, no context (a request that failed before it was resolved).
        var failed = DecisionRecord(decisionId: "id", time: "t", route: "/v1/gate", data: DataVersions(tzdata: nil, holidays: nil))
        server(&failed, id: "r", client: nil, status: 400,
               failure: ("bad-parameter", "'at' is not an instant: \u{1B}[2J\n", "at\u{0}"))
        failed.instant = 1_803_895_200
        failed.queryPairs = []
        records.append(failed)
        var opened = gate
        opened.answer = DecisionRecordRenderer.gateAnswer(open, zone: .utc, policies: [])
        (opened.zone, opened.revision, opened.context) = (.utc, nil, DecisionContext())
        records.append(opened)

        // admit: the admission outcome after the others.
        var admit = DecisionRecord(decisionId: "a", time: "t", route: "/v1/admit", data: data)
        server(&admit, id: "r-admit", client: "::1", status: 200)
        admit.answer = DecisionRecordRenderer.gateAnswer(closed, zone: .utc, policies: ["p.lua"])
        admit.outcome.append(("admission", .object([("uid", .string("705ab4f5-6393-11e8-b7cc-42010a800002")),
                                                      ("operation", .string("CREATE")), ("dryRun", .bool(false)),
                                                      ("allowed", .bool(false))])))
        admit.body = .object([("kind", .string("AdmissionReview")), ("request", .object([("uid", .string("705ab4f5"))]))])
        records.append(admit)

        // github: a body with numbers, arrays and nulls.
        var github = DecisionRecord(decisionId: "g", time: "t", route: "/v1/github", data: data)
        server(&github, id: "r-gh", client: "10.0.0.1", status: 200)
        github.answer = DecisionRecordRenderer.gateAnswer(open, zone: .utc, policies: ["p.lua"])
        github.body = .object([("action", .string("requested")), ("number", .int(-42)), ("labels", .array([.string("a"), .null])),
                               ("draft", .bool(true)), ("ratio", .string("0.5"))])
        records.append(github)

        // eval, explain: documents, their digest and ETag (and none, as /v1/overlay gives).
        for route in ["/v1/eval", "/v1/explain", "/v1/overlay"] {
            var record = DecisionRecord(decisionId: "e", time: "t", route: route, data: data)
            server(&record, id: "r-doc", client: "127.0.0.1", status: 200)
            record.queryPairs = [("from", "2027-01-01"), ("days", "31"), ("context.environment", "prod")]
            record.context = try context(["environment=prod"])
            record.answer = route == "/v1/overlay"
                ? DecisionRecordRenderer.documentAnswer(sha256: SHA256.hex([1, 2, 3]), etag: nil) : document
            records.append(record)
        }

        // select: a body with a context (labels as an object and as labels.NAME keys), masked below.
        var select = DecisionRecord(decisionId: "s", time: "t", route: "/v1/select", data: data)
        server(&select, id: "r-sel", client: "127.0.0.1", status: 200)
        select.context = try context(["actor=alice", "labels.team=ops", "labels.region=eu", "tenant=acme"])
        select.queryPairs = [("month", "2027-03"), ("context.actor", "alice"), ("context.labels.team", "ops")]
        select.body = .object([("mode", .string("single")),
                               ("context", .object([("actor", .string("alice")), ("labels.tier", .string("gold")),
                                                    ("labels", .object([("team", .string("ops")), ("region", .string("eu"))]))]))])
        select.answer = document
        records.append(select)

        // The CLI's gate: no request or outcome fields, `query` as a JSONValue.
        var cli = DecisionRecord(decisionId: "c", time: "t", route: "gate", data: data)
        (cli.version, cli.today, cli.instant, cli.zone) = ("v", "2027-03-01", -86_400, .utc)
        cli.context = try context(["actor=bob", "environment=staging"])
        cli.query = .object([("context.actor", .string("bob"))])
        cli.answer = DecisionRecordRenderer.gateAnswer(open, zone: .utc, policies: ["a.lua"])
        records.append(cli)
        return records
    }

    static let masks: [[String]] = [[], ["actor"], ["actor", "labels.t*"], ["labels.*", "tenant", "environment"]]

    @Test func everyRecordIsWrittenAsTheFormerRendererWroteIt() throws {
        var compared = 0
        for patterns in Self.masks {
            let mask = patterns.isEmpty ? DecisionMask() : try DecisionMask.parse(patterns, option: OptionCatalogue.decisionLogMask)
            for record in try Self.records() {
                let line = DecisionRecordRenderer.line(record, mask: mask)
                #expect(line == Self.reference(record, mask: mask), "\(record.route) masked \(patterns)")
                var bytes: [UInt8] = Array("prefix".utf8)
                DecisionRecordRenderer.append(record, mask: mask, to: &bytes)
                #expect(bytes == Array(("prefix" + line).utf8))
                #expect((try? JSONSerialization.jsonObject(with: Data(line.utf8))) != nil, "\(line)")
                // A cached answer's JSON, written once and copied: the same line.
                var cached = record
                (cached.answerJSON, cached.answer) = (DecisionRecordRenderer.json(record.answer), .null)
                #expect(DecisionRecordRenderer.line(cached, mask: mask) == line)
                compared += 1
            }
        }
        #expect(compared == Self.masks.count * 10)
    }

    /// A face's field as the server writes it into the line (at the writer, by kind of value),
    /// from the pair `record.request` / `record.outcome` would hold; returns its worst case in bytes.
    static func writeMember(_ key: String, _ value: JSONValue, _ w: inout UnsafeRowWriter) {
        let keys: [String: StaticString] = ["id": #", "id": "#, "client": #", "client": "#, "method": #", "method": "#,
                                            "status": #", "status": "#, "error": #", "error": "#,
                                            "durationUs": #", "durationUs": "#, "admission": #", "admission": "#]
        guard let name = keys[key] else {
            Issue.record("no StaticString for \(key)")
            return
        }
        w.put(name)
        switch value {
        case .string(let text): w.jsonString(text)
        case .null: w.jsonString(nil)
        case .int(let number): w.integer(number)
        default: w.bytes(DecisionRecordRenderer.json(value))
        }
    }

    /// The server's path: its fields written by closures straight into the line's region (no
    /// arrays), the same bytes as the record's `request` and `outcome` arrays and the former renderer.
    @Test func theFacesFieldsWrittenInPlaceAreTheSameBytes() throws {
        var compared = 0
        for patterns in Self.masks {
            let mask = patterns.isEmpty ? DecisionMask() : try DecisionMask.parse(patterns, option: OptionCatalogue.decisionLogMask)
            for record in try Self.records() {
                var bare = record
                (bare.request, bare.outcome) = ([], [])
                let line = DecisionLine(bare, mask: mask)
                let face = (record.request + record.outcome).reduce(0) { $0 + 24 + DecisionRecordRenderer.json($1.1).count }
                var bytes: [UInt8] = Array("prefix".utf8)
                _ = UnsafeRowWriter.append(to: &bytes, capacity: line.capacity + face) { w in
                    line.write(bare, to: &w, request: { w in
                        for (key, value) in record.request { Self.writeMember(key, value, &w) }
                    }, outcome: { w in
                        for (key, value) in record.outcome { Self.writeMember(key, value, &w) }
                    })
                    return true
                }
                #expect(bytes == Array(("prefix" + Self.reference(record, mask: mask)).utf8), "\(record.route) masked \(patterns)")
                compared += 1
            }
        }
        #expect(compared == Self.masks.count * 10)
    }

    static let awkwardTexts = ["", "GET", "127.0.0.1", "::1", "4faa9724fe901b53", "python-holidays 0.109", "a\"b", "back\\slash",
                               "tab\there", "line\nbreak", "\u{1B}[31m", "del\u{7F}", "c1\u{9B}x", "sep\u{2028}x",
                               "bidi \u{202E}evil", "café ☕ 日本", "~ !#$%&'()*+,-./:;<=>?@[]^_`{|}", "nul\u{0}",
                               "\u{61C}\u{FEFF}\u{200B}\u{2066}", "quotes \"\"\"\\\\"]

    /// A text copied as it is when plain, escaped by both escapers when not: the same bytes,
    /// appended or written at the writer.
    @Test func textsAreWrittenAsTheTwoEscapersWriteThem() {
        for text in Self.awkwardTexts {
            var expected: [UInt8] = [], fast: [UInt8] = [], written: [UInt8] = []
            JSONWriter.appendString(TerminalText.escape(text), to: &expected)
            JSONWriter.appendTerminalText(text, to: &fast)
            #expect(fast == expected, "\(text.debugDescription)")
            _ = UnsafeRowWriter.append(to: &written, capacity: UnsafeRowWriter.terminalTextCapacity(text)) {
                $0.terminalText(text)
                return true
            }
            #expect(written == expected, "\(text.debugDescription)")
        }
        var null: [UInt8] = []
        _ = UnsafeRowWriter.append(to: &null, capacity: UnsafeRowWriter.terminalTextCapacity(nil)) {
            $0.terminalText(nil)
            return true
        }
        #expect(null == Array("null".utf8))
    }

    /// The worst case `terminalTextCapacity` allows for: every byte a control (or a mark) that
    /// both escapers lengthen, and a region of exactly that size.
    @Test func theWorstTextsFitTheirCapacity() {
        let worst = [String(repeating: "\u{1}", count: 40), String(repeating: "\u{7F}", count: 9),
                     String(repeating: "\u{9B}", count: 7), String(repeating: "\u{61C}", count: 5),
                     String(repeating: "\u{FEFF}", count: 3), String(repeating: "\"\\", count: 8)]
        for text in worst {
            var expected: [UInt8] = []
            JSONWriter.appendString(TerminalText.escape(text), to: &expected)
            #expect(expected.count <= UnsafeRowWriter.terminalTextCapacity(text), "\(text.debugDescription)")
        }
    }

    /// The data's and the policies' texts when they need escaping: the same line as the former renderer.
    @Test func unsafeVersionsAreWrittenAsTheFormerRendererWroteThem() throws {
        var record = try #require(try Self.records().first)
        record.data = DataVersions(tzdata: "2025b\u{1B}[2J", holidays: "h\"o\\l\u{2028}")
        (record.stack, record.version, record.today) = ("pr\u{202E}od", "v\"1", "2027-03-01\n")
        #expect(DecisionRecordRenderer.line(record) == Self.reference(record, mask: DecisionMask()))
    }

    @Test func maskedKeysAreNamedOnceAndNoClearValueRemains() throws {
        let mask = try DecisionMask.parse(["actor", "labels.t*"], option: OptionCatalogue.decisionLogMask)
        let select = try #require(try Self.records().first { $0.route == "/v1/select" })
        let line = DecisionRecordRenderer.line(select, mask: mask)
        #expect(line.hasSuffix(#", "masked": ["actor", "labels.team", "labels.tier"]}"#), "\(line)")
        #expect(!line.contains("alice") && !line.contains("\"ops\"") && !line.contains("gold"))
    }
}
