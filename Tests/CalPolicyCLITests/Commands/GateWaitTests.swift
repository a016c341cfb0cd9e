import Foundation
import Testing
@testable import CalPolicyCLI

/// `gate --wait`: waits for the reopening instead of failing (an override beginning in 3 s opens
/// a stack closed for good), gives up after `--max-wait` with the reason, and re-reads a policy
/// edited while it waits.
@Suite(.serialized) struct GateWaitTests {
    func run(_ arguments: [String]) -> (code: Int32, out: String, err: String, seconds: Double) {
        let console = Console(environment: ["LANG": "en_US.UTF-8"])
        let start = Date()
        let code = CLI.run(arguments, console: console)
        return (code, console.out, console.err, Date().timeIntervalSince(start))
    }

    func folder() throws -> String {
        let path = NSTemporaryDirectory() + "calpolicy-gate-wait-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    static let policy = "Tests/fixtures/gate-wait/maintenance.lua"

    @Test func aWindowEndingInThreeSecondsOpensTheGateRightAfter() throws {
        let dir = try folder()
        let format = ISO8601DateFormatter()
        let opens = Date().addingTimeInterval(3)
        let json = "{\"id\": \"window\", \"scope\": {}, \"from\": \"\(format.string(from: opens))\", "
            + "\"until\": \"\(format.string(from: opens.addingTimeInterval(3600)))\", \"reason\": \"release window\"}"
        try json.write(toFile: dir + "/window.json", atomically: true, encoding: .utf8)
        let result = run(["gate", Self.policy, "--wait", "--max-wait", "30s", "--overrides", dir])
        #expect(result.code == 0, "\(result.err)")
        #expect(result.out.hasPrefix("open until"))
        #expect(result.err.contains("waiting: closed until"))
        // Whole seconds, plus at most a second of jitter, plus a little work.
        #expect(result.seconds >= 1.5 && result.seconds < 6, "\(result.seconds)")
    }

    @Test func maxWaitGivesUpWithTheReason() {
        let result = run(["gate", Self.policy, "--wait", "--max-wait", "1s"])
        #expect(result.code == 1)
        #expect(result.err.contains("still closed after --max-wait 1s") && result.err.contains("maintenance"))
        #expect(result.seconds >= 0.9 && result.seconds < 3, "\(result.seconds)")
    }

    @Test func aPolicyEditedDuringTheWaitIsReadAgain() throws {
        let dir = try folder()
        let path = dir + "/edited.lua"
        try "return { canSelect = function(day) return false, \"frozen\" end }".write(toFile: path, atomically: true, encoding: .utf8)
        DispatchQueue.global().asyncAfter(deadline: .now() + 1.5) {
            try? "return { canSelect = function(day) return true end }".write(toFile: path, atomically: true, encoding: .utf8)
        }
        let result = run(["gate", path, "--wait", "--max-wait", "20s"])
        #expect(result.code == 0, "\(result.err)")
        #expect(result.out.hasPrefix("open"))
        #expect(result.seconds < 6, "\(result.seconds)")
    }

    /// `--decision-log` with `--wait`: the final answer is logged, once (the open one after the
    /// wait, or the closed one given up on), not each answer seen while waiting.
    @Test func theFinalAnswerOfAWaitIsLogged() throws {
        let dir = try folder()
        let log = dir + "/decisions.jsonl"
        let format = ISO8601DateFormatter()
        let opens = Date().addingTimeInterval(2)
        let json = "{\"id\": \"window\", \"scope\": {}, \"from\": \"\(format.string(from: opens))\", "
            + "\"until\": \"\(format.string(from: opens.addingTimeInterval(3600)))\", \"reason\": \"release window\"}"
        try json.write(toFile: dir + "/window.json", atomically: true, encoding: .utf8)
        let opened = run(["gate", Self.policy, "--wait", "--max-wait", "30s", "--overrides", dir, "--decision-log", log,
                          "--context", "actor=carol", "--decision-log-mask", "actor"])
        #expect(opened.code == 0, "\(opened.err)")
        let given = run(["gate", Self.policy, "--wait", "--max-wait", "1s", "--decision-log", log])
        #expect(given.code == 1)
        let lines = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 2, "\(lines)")
        let entries = lines.compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        #expect(entries.map { $0["route"] as? String } == ["gate", "gate"])
        let answers = entries.map { $0["answer"] as? [String: Any] ?? [:] }
        #expect(answers.map { $0["open"] as? Bool } == [true, false], "\(answers)")
        #expect((answers.first?["override"] as? [String: Any])?["id"] as? String == "window")
        #expect((entries.first?["context"] as? [String: String])?["actor"]?.hasPrefix("sha256:") == true)
        #expect((entries.first?["version"] as? String)?.isEmpty == false)
        // A log that cannot be opened stops the wait before it starts (exit 2, nothing waited).
        let refused = run(["gate", Self.policy, "--wait", "--decision-log", dir + "/missing/decisions.jsonl"])
        #expect(refused.code == 2 && refused.seconds < 2, "\(refused.err)")
    }

    @Test func waitTakesNoInstant() {
        #expect(run(["gate", Self.policy, "--wait", "--at", "2026-12-01T00:00:00Z"]).code == 2)
        #expect(run(["gate", Self.policy, "--max-wait", "5s", "--at", "2026-12-01T00:00:00Z"]).code == 2)
        #expect(run(["gate", Self.policy, "--wait", "--max-wait", "soon"]).code == 2)
    }
}
