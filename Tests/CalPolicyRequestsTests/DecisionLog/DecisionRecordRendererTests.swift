import CalendarCore
import CalendarData
import Foundation
import Rendering
import Testing
@testable import CalPolicyRequests

/// The decision log's one line (`DecisionRecordRenderer`) and its masking (`DecisionMask`):
/// the field order, the answer's shape, and masked keys hashed everywhere the question holds them.
@Suite struct DecisionRecordRendererTests {
    static let data = DataVersions(tzdata: "2025b", holidays: "python-holidays 0.109")

    func object(_ line: String) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    }

    func context(_ entries: [String]) throws -> DecisionContext {
        try ValueParser.context(entries, option: OptionCatalogue.context)
    }

    @Test func aGateLineHoldsTheQuestionTheAnswerAndTheVersions() throws {
        var record = DecisionRecord(decisionId: "d-1", time: "2027-03-01T10:00:00.000Z", route: "gate", data: Self.data)
        (record.version, record.today, record.instant, record.zone) = ("4faa9724fe901b53", "2027-03-01", 1_803_895_200, .utc)
        record.context = try context(["environment=production", "labels.team=ops"])
        let closed = GateState(instant: 1_803_895_200, isClosed: true,
                               closing: ClosedSpan(start: 1_803_859_200, end: 1_803_945_600, reason: "freeze", policyIndex: 0),
                               until: 1_803_945_600)
        record.answer = DecisionRecordRenderer.gateAnswer(closed, zone: .utc, policies: ["freeze.lua"])
        let line = DecisionRecordRenderer.line(record)
        #expect(!line.contains("\n"))
        #expect(line == #"{"decisionId": "d-1", "time": "2027-03-01T10:00:00.000Z", "route": "gate", "stack": null, "#
            + #""version": "4faa9724fe901b53", "today": "2027-03-01", "instant": {"seconds": 1803895200, "#
            + #""iso": "2027-03-01T10:00:00+00:00"}, "timeZone": "UTC", "context": {"environment": "production", "#
            + #""labels.team": "ops"}, "query": null, "body": null, "answer": {"open": false, "reason": "freeze", "#
            + #""policy": "freeze.lua", "until": "2027-03-02T00:00:00+00:00", "override": null}, "#
            + #""data": {"tzdata": "2025b", "holidays": "python-holidays 0.109"}}"#, "\(line)")
    }

    @Test func aDocumentAnswerIsItsDigestAndETag() throws {
        var record = DecisionRecord(time: "t", route: "/v1/month", data: DataVersions(tzdata: nil, holidays: nil))
        record.answer = DecisionRecordRenderer.documentAnswer(sha256: SHA256.hex(Array("{}".utf8)), etag: "\"abc\"")
        record.request = [("id", .string("r-1"))]
        record.outcome = [("status", .int(200))]
        let line = try object(DecisionRecordRenderer.line(record))
        let answer = try #require(line["answer"] as? [String: Any])
        #expect(answer["sha256"] as? String == "44136fa355b3678a1146ad16f7e8649e94fb4fc21fe77e8310c060f61caaff8a")
        #expect(answer["etag"] as? String == "\"abc\"")
        #expect(line["id"] as? String == "r-1" && line["status"] as? Int == 200)
        #expect((line["decisionId"] as? String)?.count == 36)
        #expect((line["data"] as? [String: Any])?["tzdata"] is NSNull)
        #expect(line["masked"] == nil)
    }

    @Test func maskedKeysAreHashedInTheContextTheQueryAndTheBody() throws {
        let mask = try DecisionMask.parse(["actor", "labels.t*"], option: OptionCatalogue.decisionLogMask)
        var record = DecisionRecord(time: "t", route: "/v1/select", data: Self.data)
        record.context = try context(["actor=alice", "labels.team=ops", "labels.region=eu", "environment=production"])
        record.query = .object([("context.actor", .string("alice")), ("month", .string("2027-03"))])
        record.body = .object([("mode", .string("single")),
                               ("context", .object([("actor", .string("alice")),
                                                    ("labels", .object([("team", .string("ops")), ("region", .string("eu"))]))]))])
        let text = DecisionRecordRenderer.line(record, mask: mask)
        #expect(!text.contains("alice") && !text.contains("\"ops\""))
        let line = try object(text)
        let alice = "sha256:" + SHA256.hex(Array("alice".utf8))
        #expect(line["masked"] as? [String] == ["actor", "labels.team"])
        let logged = try #require(line["context"] as? [String: Any])
        #expect(logged["actor"] as? String == alice)
        #expect(logged["labels.team"] as? String == "sha256:" + SHA256.hex(Array("ops".utf8)))
        #expect(logged["labels.region"] as? String == "eu")
        #expect(logged["environment"] as? String == "production")
        #expect((line["query"] as? [String: Any])?["context.actor"] as? String == alice)
        #expect((line["query"] as? [String: Any])?["month"] as? String == "2027-03")
        let body = try #require((line["body"] as? [String: Any])?["context"] as? [String: Any])
        #expect(body["actor"] as? String == alice)
        #expect((body["labels"] as? [String: Any])?["region"] as? String == "eu")
        // Without the keys in the question, nothing is masked and the line says so by saying nothing.
        var plain = DecisionRecord(time: "t", route: "gate", data: Self.data)
        plain.context = try context(["environment=production"])
        #expect(try object(DecisionRecordRenderer.line(plain, mask: mask))["masked"] == nil)
    }

    @Test func maskPatterns() throws {
        let mask = try DecisionMask.parse(["actor, labels.*", "tenant"], option: OptionCatalogue.decisionLogMask)
        #expect(mask.patterns == ["actor", "labels.*", "tenant"])
        #expect(mask.masks("actor") && mask.masks("labels.team") && mask.masks("tenant"))
        #expect(!mask.masks("environment") && !mask.masks("labelsx"))
        #expect(DecisionMask.glob("labels.t*m", matches: "labels.team") && !DecisionMask.glob("labels.t*m", matches: "labels.tea"))
        for bad in ["actr", "labels.", "labels.a b", "", "context.actor"] {
            #expect(throws: RequestError.self, "\(bad)") {
                try DecisionMask.parse([bad], option: OptionCatalogue.decisionLogMask)
            }
        }
    }
}
