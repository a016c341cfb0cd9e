import CalendarCore
import Foundation
import Testing
@testable import CalPolicyRequests

/// Override files: the strict grammar (each fault named by file and field) and the review against
/// a stack's policies (hard freeze, maxHours, ticket, approvers, scopes that cannot meet).
@Suite struct OverrideFileTests {
    static let good = """
        {"id": "INC-1", "scope": {"environment": "production", "labels.app.kubernetes.io/name": ["api", "web-*"],
         "exclude": {"service": "billing"}}, "from": "2026-12-27T23:00:00+01:00", "until": "2026-12-28T02:00:00Z",
         "reason": "hotfix", "ticket": "INC-1", "requestedBy": "alice", "approvedBy": "sre-lead", "policies": ["freeze"]}
        """

    func parse(_ text: String) throws(OverrideProblem) -> Override { try OverrideFile.parse(Array(text.utf8), file: "o.json") }

    func problem(_ text: String) -> OverrideProblem? {
        do { _ = try parse(text); return nil } catch { return error }
    }

    @Test func aGoodFileReadsWhole() throws {
        let override = try parse(Self.good)
        #expect(override.id == "INC-1" && override.from == 1_798_408_800 && override.until == 1_798_423_200)
        #expect(override.scope.include["labels.app.kubernetes.io/name"] == ["api", "web-*"])
        #expect(override.scope.exclude == ["service": ["billing"]] && override.policies == ["freeze"])
        #expect(override.hours == 4)
    }

    @Test func everyFaultNamesItsField() {
        let cases: [(String, String, String)] = [
            ("{", "", "is not JSON"),
            ("[]", "", "must be a JSON object"),
            (#"{"id": "a", "scope": {}, "from": "2026-12-27T23:00:00Z", "reason": "r"}"#, "until", "is required"),
            (#"{"id": "a", "scope": {}, "from": "2026-12-27T23:00:00Z", "until": "2026-12-27T22:00:00Z", "reason": "r"}"#,
             "until", "is not after from"),
            (#"{"id": "a", "scope": {}, "from": "2026-12-27T23:00:00", "until": "2026-12-28T22:00:00Z", "reason": "r"}"#,
             "from", "no UTC offset"),
            (#"{"id": "a", "scope": {}, "from": "2026-12-27T23:00:00Z", "until": "2026-12-28T22:00:00Z"}"#, "reason", "is required"),
            (#"{"id": "a", "scope": {"enviroment": "x"}, "from": "2026-12-27T23:00:00Z", "until": "2026-12-28T22:00:00Z", "reason": "r"}"#,
             "scope.enviroment", "did you mean 'environment'"),
            (#"{"id": "a", "scope": {}, "from": "2026-12-27T23:00:00Z", "until": "2026-12-28T22:00:00Z", "reason": "a\nb"}"#,
             "reason", "control character"),
            (#"{"id": "../x", "scope": {}, "from": "2026-12-27T23:00:00Z", "until": "2026-12-28T22:00:00Z", "reason": "r"}"#,
             "id", "is 1 to 64"),
            (#"{"id": "a", "scope": {}, "from": "2026-12-27T23:00:00Z", "until": "2026-12-28T22:00:00Z", "reason": "r", "unti": 1}"#,
             "unti", "did you mean 'until'"),
            (#"{"id": "a", "scope": {"service": []}, "from": "2026-12-27T23:00:00Z", "until": "2026-12-28T22:00:00Z", "reason": "r"}"#,
             "scope.service", "non-empty list"),
        ]
        for (text, field, words) in cases {
            let found = problem(text)
            #expect(found != nil, "\(text)")
            #expect((found?.field ?? "") == field, "\(text): \(String(describing: found))")
            #expect(found?.message.contains(words) == true, "\(text): \(String(describing: found?.message))")
        }
    }

    @Test func aFolderThatIsNoneAndAHugeFileAreRefused() throws {
        let folder = NSTemporaryDirectory() + "calpolicy-override-file-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        #expect(throws: OverrideProblem.self) { try OverrideFolder.read(folder + "/missing") }
        #expect(mkfifo(folder + "/fifo", 0o600) == 0)
        #expect((try? OverrideFolder.read(folder + "/fifo")) == nil)
        try Data(repeating: 32, count: 10 << 20).write(to: URL(fileURLWithPath: folder + "/big.json"))
        try Data(Self.good.utf8).write(to: URL(fileURLWithPath: folder + "/INC-1.json"))
        let entries = try OverrideFolder.read(folder)
        #expect(entries.count == 2)
        if case .refused(let problem) = entries[1] { #expect(problem.message.contains("larger than")) } else { Issue.record("big.json read") }
        if case .loaded(let override, _) = entries[0] { #expect(override.id == "INC-1") } else { Issue.record("INC-1 refused") }
    }

    @Test func theReviewHoldsItToThePoliciesItWouldLift() throws {
        let freeze = OverrideReview.Policy(name: "freeze.lua", overridable: OverrideRule(maxHours: 2, requireTicket: true,
                                                                                          approvers: ["sre-lead"]),
                                           scope: DecisionScope(include: ["environment": ["production"]]))
        let hard = OverrideReview.Policy(name: "blackout.lua", overridable: .hardFreeze)
        let override = try parse(Self.good) // 4 hours, names freeze
        #expect(throws: OverrideProblem.self) { try OverrideReview.check(override, file: "o", policies: [freeze]) }
        var short = override
        short.until = short.from + 7200
        try OverrideReview.check(short, file: "o", policies: [freeze, hard])
        var noTicket = short
        noTicket.ticket = nil
        #expect(throws: OverrideProblem.self) { try OverrideReview.check(noTicket, file: "o", policies: [freeze]) }
        var stranger = short
        stranger.approvedBy = "intern"
        #expect(throws: OverrideProblem.self) { try OverrideReview.check(stranger, file: "o", policies: [freeze]) }
        var namesHard = short
        namesHard.policies = ["blackout"]
        #expect(throws: OverrideProblem.self) { try OverrideReview.check(namesHard, file: "o", policies: [freeze, hard]) }
        // An override for staging never lifts the production freeze: its rules do not hold it back.
        var staging = override
        staging.scope = DecisionScope(include: ["environment": ["staging"]])
        staging.ticket = nil
        try OverrideReview.check(staging, file: "o", policies: [freeze])
    }
}
