import CalendarCore
import Testing
@testable import CalPolicyRequests

/// `replay LOG POLICY...` in process over real Lua (policies/change-freeze.lua): a decision log's
/// gate lines read back (document lines counted, masked and answerless lines set aside, anything
/// else a problem naming its line), decided again, and compared field by field.
@Suite struct ReplayUseCaseTests {
    /// 2026-12-24T10:00:00Z, inside the year-end freeze; 2026-12-10T10:00:00Z, outside it.
    static let frozen = 1_798_106_400, open = 1_796_896_800

    static func gateLine(_ seconds: Int, answer: String, version: String = "v1", extra: String = "") -> String {
        #"{"route": "/v1/gate", "decisionId": "d\#(seconds)", "version": "\#(version)", "instant": {"seconds": \#(seconds)}, "#
            + #""timeZone": "UTC", "today": "2026-12-01"\#(extra), "answer": \#(answer)}"#
    }

    static let truthFrozen = #"{"open": false, "reason": "change freeze: Year-end change freeze", "policy": "change-freeze.lua", "#
        + #""until": "2027-01-05T00:00:00+00:00"}"#

    @Test func readingSortsLinesIntoQuestionsAndTheRest() throws {
        let text = [Self.gateLine(Self.frozen, answer: Self.truthFrozen), "",
                    #"{"route": "/v1/month", "decisionId": "m1"}"#,
                    Self.gateLine(Self.open, answer: #"{"open": true}"#, extra: #", "masked": ["actor"]"#),
                    #"{"route": "gate", "decisionId": "g2", "status": 400}"#].joined(separator: "\n")
        let log = try ReplayUseCase.read(text)
        #expect(log.entries.map(\.line) == [1] && log.entries[0].question.instant == Int64(Self.frozen))
        #expect(log.entries[0].answer.reason == "change freeze: Year-end change freeze" && log.entries[0].answer.open == false)
        #expect(log.documentLines == 1)
        #expect(log.notReplayable.map(\.line) == [4, 5])
        #expect(log.notReplayable.map(\.reason) == ["masked: actor", "no answer logged"])
    }

    @Test func aLineThatIsNotADecisionIsAProblemNamingIt() {
        for (text, reason) in [("{\"route\": \"/v1/month\"}\nnot json", "not a JSON object"),
                               ("{\"route\": \"/v1/month\"}\n{\"a\": 1}", "no \"route\": not a decision log line")] {
            #expect(throws: ReplayProblem(line: 2, reason: reason)) { try ReplayUseCase.read(text) }
        }
        let noZone = #"{"route": "gate", "instant": {"seconds": 1}, "today": "2026-12-01", "answer": {}}"#
        #expect(throws: ReplayProblem(line: 1, reason: "a gate line without \"timeZone\"")) { try ReplayUseCase.read(noZone) }
    }

    @Test func theSameAnswersReplayWithoutDifferences() throws {
        let policies = try UseCaseFixture.policies(["policies/change-freeze.lua"])
        let log = try ReplayUseCase.read(Self.gateLine(Self.frozen, answer: Self.truthFrozen))
        let report = try ReplayUseCase.run(log, policies: policies, names: ["/etc/calpolicy/change-freeze.lua"], version: "v1")
        #expect(report.decisions == 1 && report.differing == 0 && report.differences.isEmpty)
        #expect(report.text == "replay: 1 decisions, 0 differences, 0 not replayable\n")
    }

    @Test func aMovedAnswerIsReportedFieldByField() throws {
        let policies = try UseCaseFixture.policies(["policies/change-freeze.lua"])
        // Logged open under another version; the freeze now closes it.
        let log = try ReplayUseCase.read(Self.gateLine(Self.frozen, answer: #"{"open": true}"#, version: "v0"))
        let report = try ReplayUseCase.run(log, policies: policies, names: ["change-freeze.lua"], version: "v1")
        #expect(report.differing == 1)
        #expect(report.differences.map(\.field) == ["open", "reason", "policy", "until"])
        #expect(report.differences.first?.logged == "true" && report.differences.first?.now == "false")
        #expect(report.otherVersions == ["v0"] && report.otherVersionLines == 1)
        #expect(report.text.hasPrefix("line 1 (d\(Self.frozen)): open: logged true, now false\n"))
        #expect(report.text.hasSuffix("replay: 1 decisions, 1 differences, 0 not replayable\n"))
    }
}
