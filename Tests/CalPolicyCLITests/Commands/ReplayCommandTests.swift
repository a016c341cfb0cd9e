import Foundation
import Testing
@testable import CalPolicyCLI

/// `gate --decision-log` and `replay`: the lines a gate writes replay to no difference against
/// the same stack, and to exactly the moved fields against one closing one more day
/// (Tests/fixtures/replay: weekends, then a release-day freeze on Wednesday 2027-03-03).
@Suite struct ReplayCommandTests {
    static let weekends = "Tests/fixtures/replay/weekends.lua"
    static let releaseDay = "Tests/fixtures/replay/release-day.lua"
    static let questions = "Tests/fixtures/replay/questions.txt"

    func run(_ arguments: [String]) -> (code: Int32, out: String, err: String) {
        let console = Console(environment: ["LANG": "en_US.UTF-8"])
        let code = CLI.run(arguments, console: console)
        return (code, console.out, console.err)
    }

    func logPath() -> String { NSTemporaryDirectory() + "calpolicy-replay-" + UUID().uuidString + ".jsonl" }

    func lines(_ path: String) throws -> [[String: Any]] {
        try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map {
            try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
    }

    @Test func gateWritesOneLineAnAnswerWithTheAnswer() throws {
        let log = logPath()
        defer { unlink(log) }
        let gate = run(["gate", Self.weekends, "--batch", Self.questions, "--decision-log", log])
        #expect(gate.code == 0, "\(gate.err)")
        let written = try lines(log)
        #expect(written.count == 4)
        let first = written[0]
        #expect(first["route"] as? String == "gate")
        #expect((first["decisionId"] as? String)?.count == 36)
        #expect(first["today"] as? String == "2027-03-01")
        #expect(first["timeZone"] as? String == "UTC")
        #expect((first["instant"] as? [String: Any])?["seconds"] as? Int == 1_803_895_200)
        let answer = try #require(first["answer"] as? [String: Any])
        #expect(answer["open"] as? Bool == true)
        #expect(answer["until"] as? String == "2027-03-06T00:00:00+00:00")
        #expect(answer.keys.sorted() == ["open", "override", "policy", "reason", "until"])
        #expect((first["version"] as? String)?.count == 16)
        #expect(first["data"] is [String: Any])
        #expect((written[3]["context"] as? [String: Any])?["environment"] as? String == "production")
        #expect(Set(written.compactMap { $0["decisionId"] as? String }).count == 4)
        // Appended, never truncated.
        _ = run(["gate", Self.weekends, "--at", "2027-03-06T10:00:00Z", "--decision-log", log])
        #expect(try lines(log).count == 5)
        let sixth = try lines(log)[4]["answer"] as? [String: Any]
        #expect(sixth?["open"] as? Bool == false && sixth?["reason"] as? String == "weekend")
    }

    @Test func replayAgainstTheSameStackFindsNoDifference() throws {
        let log = logPath()
        defer { unlink(log) }
        #expect(run(["gate", Self.weekends, "--batch", Self.questions, "--decision-log", log]).code == 0)
        let replay = run(["replay", log, Self.weekends])
        #expect(replay.code == 0, "\(replay.err)")
        #expect(replay.out == "replay: 4 decisions, 0 differences, 0 not replayable\n")
    }

    /// One more closed day moves the Wednesday (closed now: four fields) and the Monday before
    /// it (open until the Wednesday, no longer until the weekend); the rest stay. The stack's
    /// version differs, and the summary says so.
    @Test func replayAgainstAStricterStackFindsExactlyTheMovedFields() throws {
        let log = logPath()
        defer { unlink(log) }
        #expect(run(["gate", Self.weekends, "--batch", Self.questions, "--decision-log", log]).code == 0)
        let ids = try lines(log).map { $0["decisionId"] as? String ?? "" }
        let replay = run(["replay", log, Self.weekends, Self.releaseDay])
        #expect(replay.code == 1, "\(replay.err)")
        let out = replay.out.split(separator: "\n").map(String.init)
        #expect(out == [
            "line 1 (\(ids[0])): until: logged \"2027-03-06T00:00:00+00:00\", now \"2027-03-03T00:00:00+00:00\"",
            "line 2 (\(ids[1])): open: logged true, now false",
            "line 2 (\(ids[1])): reason: logged none, now \"release day freeze\"",
            "line 2 (\(ids[1])): policy: logged none, now \"Tests/fixtures/replay/release-day.lua\"",
            "line 2 (\(ids[1])): until: logged \"2027-03-06T00:00:00+00:00\", now \"2027-03-04T00:00:00+00:00\"",
        ] + [out.count > 5 ? out[5] : ""] + ["replay: 4 decisions, 2 differences, 0 not replayable"])
        #expect(out.count == 7 && out[5].hasPrefix("replay: 4 decisions were logged under version "))
    }

    @Test func maskedLinesAreNotReplayableAndHoldNoValue() throws {
        let log = logPath()
        defer { unlink(log) }
        let gate = run(["gate", Self.weekends, "--at", "2027-03-01T10:00:00Z", "--context", "actor=alice",
                        "--context", "labels.team=ops", "--context", "environment=production",
                        "--decision-log", log, "--decision-log-mask", "actor,labels.*"])
        #expect(gate.code == 0, "\(gate.err)")
        let text = try String(contentsOfFile: log, encoding: .utf8)
        #expect(!text.contains("alice") && !text.contains("\"ops\""))
        let line = try #require(try lines(log).first)
        #expect(line["masked"] as? [String] == ["actor", "labels.team"])
        let context = try #require(line["context"] as? [String: Any])
        #expect((context["actor"] as? String)?.hasPrefix("sha256:") == true)
        #expect(context["environment"] as? String == "production")
        let replay = run(["replay", log, Self.weekends])
        #expect(replay.code == 0)
        #expect(replay.out.contains("not replayable (masked: actor, labels.team)"))
        #expect(replay.out.hasSuffix("replay: 0 decisions, 0 differences, 1 not replayable\n"))
    }

    @Test func badInputIsExit2OneLine() throws {
        let log = logPath()
        defer { unlink(log) }
        try "{\"route\": \"gate\"}\nnot json\n".write(toFile: log, atomically: true, encoding: .utf8)
        let malformed = run(["replay", log, Self.weekends])
        #expect(malformed.code == 2)
        // Line 1 (a gate line without an answer) is not replayable; line 2 is no decision line at all.
        #expect(malformed.err.contains("line 2: not a JSON object") && malformed.err.split(separator: "\n").count == 1)
        try "\n{\"route\": \"/v1/month\"}\nnot json\n".write(toFile: log, atomically: true, encoding: .utf8)
        #expect(run(["replay", log, Self.weekends]).err.contains("line 3: not a JSON object"))
        let missing = run(["replay", log + ".none", Self.weekends])
        #expect(missing.code == 2 && missing.err.split(separator: "\n").count == 1)
        let unopenable = run(["gate", Self.weekends, "--at", "2027-03-01T10:00:00Z", "--decision-log", "/nonexistent/dir/log"])
        #expect(unopenable.code == 2 && unopenable.out.isEmpty && unopenable.err.split(separator: "\n").count == 1)
        let badMask = run(["gate", Self.weekends, "--at", "2027-03-01T10:00:00Z", "--decision-log", log,
                           "--decision-log-mask", "actr"])
        #expect(badMask.code == 2)
    }
}
