import Foundation
import Testing
@testable import CalPolicyCLI

/// `replay LOG --bundle FILE...`: each line decided again by the bundle of the revision it names
/// (Tests/fixtures/replay's weekends and release-day policies, packed as bundles); a revision not
/// given is "missing revision", a line naming none is not replayable, and POLICY with --bundle is
/// a usage error.
@Suite struct ReplayBundleTests {
    func run(_ arguments: [String]) -> (code: Int32, out: String, err: String) {
        let console = Console(environment: ["LANG": "en_US.UTF-8"])
        let code = CLI.run(arguments, console: console)
        return (code, console.out, console.err)
    }

    /// A scratch folder; a decision log from `gate` whose lines name `revisions` in turn; and
    /// bundles: `r1` of weekends.lua, `r1-stricter` of weekends.lua and release-day.lua (revision
    /// r1 too: the "what if" of the same revision), `r2` of weekends.lua.
    struct Fixture {
        let root = NSTemporaryDirectory() + "calpolicy-replay-bundle-" + UUID().uuidString
        var log: String { root + "/decisions.jsonl" }

        func bundle(_ name: String, revision: String, policies: [String], run: ([String]) -> (code: Int32, out: String, err: String)) throws -> String {
            let folder = root + "/" + name
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            for policy in policies {
                try FileManager.default.copyItem(atPath: policy, toPath: folder + "/" + (policy as NSString).lastPathComponent)
            }
            let out = root + "/" + name + ".tar.gz"
            let built = run(["bundle", "build", folder, "-o", out, "--revision", revision])
            try #require(built.code == 0, "\(built.err)")
            return out
        }

        /// The gate's log, each line given the revision `revisions[i % count]`.
        func log(revisions: [String?], run: ([String]) -> (code: Int32, out: String, err: String)) throws {
            let raw = root + "/raw.jsonl"
            let gate = run(["gate", "Tests/fixtures/replay/weekends.lua", "--batch", "Tests/fixtures/replay/questions.txt",
                            "--decision-log", raw])
            try #require(gate.code == 0, "\(gate.err)")
            var out = ""
            for (index, line) in try String(contentsOfFile: raw, encoding: .utf8).split(separator: "\n").enumerated() {
                var object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
                if let revision = revisions[index % revisions.count] { object["revision"] = revision }
                object["stack"] = "default"
                out += String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self) + "\n"
            }
            try out.write(toFile: log, atomically: false, encoding: .utf8)
        }

        func remove() { try? FileManager.default.removeItem(atPath: root) }
    }

    @Test func linesReplayAgainstTheBundleOfTheirRevision() throws {
        let fixture = Fixture()
        defer { fixture.remove() }
        try FileManager.default.createDirectory(atPath: fixture.root, withIntermediateDirectories: true)
        try fixture.log(revisions: ["r1"], run: run)
        let same = try fixture.bundle("r1", revision: "r1", policies: ["Tests/fixtures/replay/weekends.lua"], run: run)
        let replay = run(["replay", fixture.log, "--bundle", same])
        #expect(replay.code == 0, "\(replay.err)")
        #expect(replay.out == "replay: 4 decisions, 0 differences, 0 not replayable\n")

        let stricter = try fixture.bundle("r1-stricter", revision: "r1",
                                          policies: ["Tests/fixtures/replay/weekends.lua", "Tests/fixtures/replay/release-day.lua"],
                                          run: run)
        let moved = run(["replay", fixture.log, "--bundle", stricter])
        #expect(moved.code == 1, "\(moved.err)")
        let lines = moved.out.split(separator: "\n").map(String.init)
        // As replaying with the policy files: the Monday's until moves, the Wednesday closes.
        #expect(lines.filter { $0.hasPrefix("line 2 (") && $0.hasSuffix("open: logged true, now false") }.count == 1)
        #expect(lines.filter { $0.hasPrefix("line 1 (") && $0.contains("until:") }.count == 1)
        #expect(lines.last == "replay: 4 decisions, 2 differences, 0 not replayable")
    }

    @Test func aRevisionNotGivenIsMissingAndALineWithoutOneIsNotReplayable() throws {
        let fixture = Fixture()
        defer { fixture.remove() }
        try FileManager.default.createDirectory(atPath: fixture.root, withIntermediateDirectories: true)
        try fixture.log(revisions: ["r1", "r2", nil, "r1"], run: run)
        let r1 = try fixture.bundle("r1", revision: "r1", policies: ["Tests/fixtures/replay/weekends.lua"], run: run)
        let replay = run(["replay", fixture.log, "--bundle", r1])
        #expect(replay.code == 0, "\(replay.err)")
        let lines = replay.out.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("line 2 (") && $0.hasSuffix("not replayable (missing revision r2)") })
        #expect(lines.contains { $0.hasPrefix("line 3 (") && $0.hasSuffix("not replayable (no bundle revision logged)") })
        #expect(lines.last == "replay: 2 decisions, 0 differences, 2 not replayable")
        let r2 = try fixture.bundle("r2", revision: "r2", policies: ["Tests/fixtures/replay/weekends.lua"], run: run)
        #expect(run(["replay", fixture.log, "--bundle", r1, "--bundle", r2]).out.hasSuffix("replay: 3 decisions, 0 differences, 1 not replayable\n"))
    }

    @Test func usageErrors() throws {
        let fixture = Fixture()
        defer { fixture.remove() }
        try FileManager.default.createDirectory(atPath: fixture.root, withIntermediateDirectories: true)
        try fixture.log(revisions: ["r1"], run: run)
        let both = run(["replay", fixture.log, "--bundle", "x.tar.gz", "Tests/fixtures/replay/weekends.lua"])
        #expect(both.code == 2)
        #expect(both.err == "calpolicy: --bundle: replays against bundles; give no POLICY with it\n")
        let keyAlone = run(["replay", fixture.log, "--public-key", "k.pub", "Tests/fixtures/replay/weekends.lua"])
        #expect(keyAlone.code == 2)
        let missing = run(["replay", fixture.log, "--bundle", fixture.root + "/none.tar.gz"])
        #expect(missing.code == 2, "\(missing.err)")
        #expect(missing.err.hasPrefix("calpolicy: " + fixture.root + "/none.tar.gz: "))
    }
}
