import Foundation
import Testing
@testable import CalPolicyCLI
import CalPolicyRequests
import CalendarCore

/// `calpolicy override add|list|check` in-process, against the fixtures of
/// Tests/fixtures/overrides (a year-end freeze of production lifted for at most 48 hours, with
/// a ticket and the SRE lead's approval; a hard freeze in early January).
@Suite struct OverrideCommandTests {
    static let freeze = "Tests/fixtures/overrides/year-end-freeze.lua"
    static let hard = "Tests/fixtures/overrides/hard-freeze.lua"

    func run(_ arguments: [String]) -> (code: Int32, out: String, err: String) {
        let console = Console(environment: ["LANG": "en_US.UTF-8"])
        let code = CLI.run(arguments, console: console)
        return (code, console.out, console.err)
    }

    func folder() -> String {
        let path = NSTemporaryDirectory() + "calpolicy-overrides-" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// A good override of the freeze: 24 hours over December 27/28 2026, production.
    func add(_ dir: String, id: String = "INC-4711", from: String = "2026-12-27T23:00:00Z",
             until: String = "2026-12-28T23:00:00Z", scope: [String] = ["environment=production"],
             extra: [String] = [], policies: [String] = []) -> (code: Int32, out: String, err: String) {
        run(["override", "add", "--dir", dir, "--id", id, "--from", from, "--until", until, "--reason", "hotfix for the outage",
             "--ticket", "INC-4711", "--approved-by", "sre-lead"] + scope.flatMap { ["--scope", $0] } + extra + policies)
    }

    @Test func addWritesAFileTheReaderLoadsBackEqual() throws {
        let dir = folder()
        let result = add(dir, scope: ["environment=production", "environment=prod-eu", "exclude.service=status-page"],
                         extra: ["--requested-by", "ana", "--policy", "year-end-freeze.lua"], policies: [Self.freeze])
        #expect(result.code == 0 && result.err.isEmpty)
        #expect(result.out == dir + "/INC-4711.json\n")
        let read = try OverrideFile.read(dir + "/INC-4711.json")
        let expected = Override(
            id: "INC-4711", scope: DecisionScope(include: ["environment": ["production", "prod-eu"]],
                                                 exclude: ["service": ["status-page"]]),
            from: try ISOInstant.parse("2026-12-27T23:00:00Z").get(), until: try ISOInstant.parse("2026-12-28T23:00:00Z").get(),
            reason: "hotfix for the outage", ticket: "INC-4711", requestedBy: "ana", approvedBy: "sre-lead",
            policies: ["year-end-freeze.lua"])
        #expect(read == expected)
        // Nothing but the file: no temporary left behind.
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["INC-4711.json"])
        let attributes = try FileManager.default.attributesOfItem(atPath: dir + "/INC-4711.json")
        #expect((attributes[.posixPermissions] as? Int) == 0o644)
    }

    @Test func addNamesTheFileByTheTicketAndMakesTheFolder() throws {
        let dir = folder() + "/overrides"
        let result = run(["override", "add", "--dir", dir, "--ticket", "CHG-12", "--until", "2099-01-01T00:00:00Z",
                          "--reason", "r"])
        #expect(result.code == 0)
        #expect(try OverrideFile.read(dir + "/CHG-12.json").ticket == "CHG-12")
        let bad = run(["override", "add", "--dir", dir, "--ticket", "CHG 12", "--until", "2099-01-01T00:00:00Z", "--reason", "r"])
        #expect(bad.code == 2 && bad.err.contains("--id"))
    }

    @Test func addRefusesAnExistingId() throws {
        let dir = folder()
        #expect(add(dir).code == 0)
        let before = try String(contentsOfFile: dir + "/INC-4711.json", encoding: .utf8)
        let again = add(dir, until: "2026-12-28T22:00:00Z")
        #expect(again.code == 2)
        #expect(again.err == "calpolicy: \(dir)/INC-4711.json: id: 'INC-4711' already exists; an override is added once "
                + "(another --id, or change the file under review)\n")
        #expect(try String(contentsOfFile: dir + "/INC-4711.json", encoding: .utf8) == before)
    }

    @Test func addRefusesUntilBeforeFrom() throws {
        let dir = folder()
        let result = add(dir, from: "2026-12-28T23:00:00Z", until: "2026-12-27T23:00:00Z")
        #expect(result.code == 2)
        #expect(result.err == "calpolicy: \(dir)/INC-4711.json: until: is not after from\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).isEmpty)
    }

    @Test func addRefusesALongerOverrideThanMaxHours() throws {
        let dir = folder()
        let result = add(dir, from: "2026-12-20T00:00:00Z", until: "2026-12-24T00:00:00Z", policies: [Self.freeze])
        #expect(result.code == 2)
        #expect(result.err.contains("until: the override lasts 96 hours; 'year-end-freeze.lua' allows at most 48"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).isEmpty)
        // The same without the policy is not held against it.
        #expect(add(dir, from: "2026-12-20T00:00:00Z", until: "2026-12-24T00:00:00Z").code == 0)
    }

    @Test func addRefusesAMissingReasonAndABadScope() {
        let dir = folder()
        let noReason = run(["override", "add", "--dir", dir, "--id", "x", "--until", "2099-01-01T00:00:00Z"])
        #expect(noReason.code == 2 && noReason.err == "calpolicy: missing required option '--reason <TEXT>'\n")
        let noUntil = run(["override", "add", "--dir", dir, "--id", "x", "--reason", "r"])
        #expect(noUntil.code == 2 && noUntil.err.contains("'--until <INSTANT>'"))
        let badKey = run(["override", "add", "--dir", dir, "--id", "x", "--until", "2099-01-01T00:00:00Z", "--reason", "r",
                          "--scope", "envronment=production"])
        #expect(badKey.code == 2 && badKey.err.contains("scope.envronment: unknown context key") && badKey.err.contains("'environment'"))
        let noOffset = run(["override", "add", "--dir", dir, "--id", "x", "--until", "2099-01-01T00:00", "--reason", "r"])
        #expect(noOffset.code == 2 && noOffset.err.contains("has no UTC offset"))
    }

    @Test func listShowsStatesCoverageAndRefusedFiles() throws {
        let dir = folder()
        #expect(add(dir).code == 0)
        #expect(add(dir, id: "old", from: "2025-12-27T23:00:00Z", until: "2025-12-28T23:00:00Z").code == 0)
        #expect(add(dir, id: "staging", scope: ["environment=staging"]).code == 0)
        try "{\"id\": \"broken\"}".write(toFile: dir + "/broken.json", atomically: true, encoding: .utf8)
        let text = run(["override", "list", "--dir", dir, "--at", "2026-12-28T00:00:00Z", "--context", "environment=production"])
        #expect(text.code == 0 && text.err.isEmpty)
        let lines = text.out.split(separator: "\n").map(String.init)
        #expect(lines.count == 4)
        #expect(lines[0].hasPrefix("INC-4711: active from 2026-12-27T23:00:00+00:00 until 2026-12-28T23:00:00+00:00, covers the context"))
        #expect(lines[1] == dir + "/broken.json: refused: scope: is required ({} for every question)")
        #expect(lines[2].hasPrefix("old: expired from "))
        #expect(lines[3].hasPrefix("staging: active ") && lines[3].contains("does not cover the context"))

        let json = run(["override", "list", "--dir", dir, "--at", "2026-12-20T00:00:00Z", "--format", "json"])
        #expect(json.code == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
        let overrides = try #require(object["overrides"] as? [[String: Any]])
        #expect(overrides.map { $0["id"] as? String } == ["INC-4711", "old", "staging"])
        #expect(overrides.map { $0["state"] as? String } == ["future", "expired", "future"])
        #expect(overrides[0]["file"] as? String == dir + "/INC-4711.json")
        #expect(overrides[0]["covers"] == nil)
        #expect(overrides[0]["until"] as? String == "2026-12-28T23:00:00+00:00")
        let refused = try #require(object["refused"] as? [[String: Any]])
        #expect(refused.count == 1)
        #expect(refused[0]["file"] as? String == dir + "/broken.json")
        #expect(refused[0]["field"] as? String == "scope")
        #expect(refused[0]["message"] as? String == "is required ({} for every question)")
    }

    @Test func listOfAnEmptyOrMissingFolder() {
        let dir = folder()
        #expect(run(["override", "list", "--dir", dir]).out == "no override files in \(dir)\n")
        #expect(run(["override", "list", "--dir", dir, "--format", "json"]).out == "{\"overrides\": [], \"refused\": []}\n")
        let missing = run(["override", "list", "--dir", dir + "/nothing"])
        #expect(missing.code == 2 && missing.err == "calpolicy: \(dir)/nothing: the overrides folder does not exist\n")
    }

    func check(_ dir: String, at: String = "2026-12-01T00:00:00Z") -> (code: Int32, out: String, err: String) {
        run(["override", "check", dir, Self.freeze, Self.hard, "--at", at])
    }

    @Test func checkPassesAGoodFolder() {
        let dir = folder()
        #expect(add(dir).code == 0)
        let result = check(dir)
        #expect(result.code == 0 && result.err.isEmpty)
        #expect(result.out == "\(dir)/INC-4711.json: ok (future from 2026-12-27T23:00:00+00:00 until 2026-12-28T23:00:00+00:00)\n"
                + "\(dir): 1 override file, 1 good, 0 with problems\n")
    }

    @Test func checkFailsAnExpiredFile() {
        let dir = folder()
        #expect(add(dir).code == 0)
        let result = check(dir, at: "2026-12-28T23:00:00Z")
        #expect(result.code == 1)
        #expect(result.err == "calpolicy: \(dir)/INC-4711.json: until: expired at 2026-12-28T23:00:00+00:00; remove the file\n")
        #expect(result.out.hasSuffix("1 override file, 0 good, 1 with a problem\n"))
    }

    @Test func checkFailsAnOverrideOutsideEveryPolicysScope() {
        let dir = folder()
        #expect(add(dir, scope: ["environment=staging"]).code == 0)
        let result = check(dir)
        #expect(result.code == 1)
        #expect(result.err.contains("INC-4711.json: never applicable: its scope is outside every policy it lifts "
                                    + "(year-end-freeze.lua: environment is 'staging')"))
    }

    @Test func checkFailsAnOverrideWithoutClosedTimeInItsWindow() {
        let dir = folder()
        #expect(add(dir, from: "2027-07-20T00:00:00Z", until: "2027-07-21T00:00:00Z").code == 0)
        let result = check(dir)
        #expect(result.code == 1)
        #expect(result.err.contains("never applicable: no policy it lifts is closed between 2027-07-20T00:00:00+00:00 "
                                    + "and 2027-07-21T00:00:00+00:00 (year-end-freeze.lua)"))
        // One naming only the hard freeze lifts nothing.
        let hard = folder()
        #expect(run(["override", "add", "--dir", hard, "--id", "blackout", "--from", "2027-01-01T00:00:00Z",
                     "--until", "2027-01-02T00:00:00Z", "--reason", "r", "--policy", "hard-freeze.lua"]).code == 0)
        let refused = check(hard)
        #expect(refused.code == 1 && refused.err.contains("policies: 'hard-freeze.lua' is a hard freeze"))
    }

    @Test func checkFailsAnInvalidFileAndAReviewRefusal() throws {
        let dir = folder()
        #expect(add(dir).code == 0)
        try "{\"id\": \"broken\", \"scope\": {}, \"from\": \"2026-12-27T23:00:00Z\"}"
            .write(toFile: dir + "/broken.json", atomically: true, encoding: .utf8)
        #expect(run(["override", "add", "--dir", dir, "--id", "unticketed", "--scope", "environment=production",
                     "--from", "2026-12-27T23:00:00Z", "--until", "2026-12-28T01:00:00Z", "--reason", "r"]).code == 0)
        let result = check(dir)
        #expect(result.code == 1)
        #expect(result.err == "calpolicy: \(dir)/broken.json: until: is required\n"
                + "calpolicy: \(dir)/unticketed.json: ticket: is required by 'year-end-freeze.lua' (overridable.requireTicket)\n")
        #expect(result.out.hasSuffix("3 override files, 1 good, 2 with problems\n"))
    }

    @Test func checkUsage() {
        #expect(run(["override", "check"]).err == "calpolicy: missing argument DIR\n")
        #expect(run(["override", "check", folder()]).err == "calpolicy: missing argument POLICY\n")
        let notFolder = run(["override", "check", Self.freeze, Self.freeze])
        #expect(notFolder.code == 2 && notFolder.err.contains("the overrides folder is a file, not a folder"))
    }

    @Test func actionsAreDispatchedAndHelped() {
        #expect(run(["override"]).err == "calpolicy: missing argument add|list|check\n")
        #expect(run(["override", "ad"]).err == "calpolicy: unknown command 'override ad'; did you mean 'override add'?\n")
        #expect(run(["override", "--help"]).out.contains("USAGE: calpolicy override add|list|check"))
        #expect(run(["override", "add", "--help"]).out.contains("--approved-by <NAME>"))
        #expect(run(["help", "override", "check"]).out.contains("USAGE: calpolicy override check DIR POLICY ..."))
        #expect(run(["override", "list", "--id", "x"]).err.contains("unknown option '--id'"))
        #expect(CLI.scanProblem(["override", "list", "--at", "x"]) == nil)
        #expect(CLI.scanProblem(["override", "lst"]) != nil)
    }
}
