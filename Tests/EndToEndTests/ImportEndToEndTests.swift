import Foundation
import Testing

/// `calpolicy import FILE.ics`: a policy and a test file that pass, never written over existing
/// files or from a broken .ics.
@Suite struct ImportEndToEndTests {
    private func folder(with ics: String? = nil) throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("import-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let source = CalpolicyBinary.packageRoot.appendingPathComponent("examples/ics/closures.ics")
        let data = try ics.map { Data($0.utf8) } ?? Data(contentsOf: source)
        try data.write(to: dir.appendingPathComponent("closures.ics"))
        return dir
    }

    @Test func writesAPolicyAndATestThatPasses() throws {
        let dir = try folder()
        let ics = dir.appendingPathComponent("closures.ics").path
        let result = try CalpolicyBinary.run(["import", ics, "--today", "2026-12-01"])
        #expect(result.status == 0, "\(result.stderr)")
        let policy = try String(contentsOf: dir.appendingPathComponent("closures.lua"), encoding: .utf8)
        #expect(policy.contains("local events = cal.ics(\"closures.ics\")"))
        #expect(policy.contains("canSelect") && policy.contains("decorationFor"))
        let test = try String(contentsOf: dir.appendingPathComponent("closures_test.lua"), encoding: .utf8)
        #expect(test.contains("expect.denied(\"2026-12-24\", \"Winter closure\")"), "\(test)")
        let run = try CalpolicyBinary.run(["test", dir.appendingPathComponent("closures_test.lua").path])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.hasSuffix("2 passed, 0 failed\n"), "\(run.stdout)")
    }

    @Test func denyOrDecorateAlone() throws {
        let dir = try folder()
        let ics = dir.appendingPathComponent("closures.ics").path
        #expect(try CalpolicyBinary.run(["import", ics, "--decorate", "--today", "2026-12-01"]).status == 0)
        let policy = try String(contentsOf: dir.appendingPathComponent("closures.lua"), encoding: .utf8)
        #expect(!policy.contains("canSelect") && policy.contains("decorationFor"))
        #expect(try CalpolicyBinary.run(["test", dir.appendingPathComponent("closures_test.lua").path]).status == 0)
    }

    @Test func neverWritesOverAnExistingFile() throws {
        let dir = try folder()
        let existing = dir.appendingPathComponent("closures.lua")
        try Data("return {}\n".utf8).write(to: existing)
        let result = try CalpolicyBinary.run(["import", dir.appendingPathComponent("closures.ics").path])
        #expect(result.status == 2)
        #expect(result.stderr.hasSuffix("closures.lua: already exists; import writes new files only\n"), "\(result.stderr)")
        #expect(try String(contentsOf: existing, encoding: .utf8) == "return {}\n")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("closures_test.lua").path))
    }

    @Test func aBrokenICSFileWritesNothing() throws {
        let dir = try folder(with: "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nEND:VCALENDAR\r\n")
        let result = try CalpolicyBinary.run(["import", dir.appendingPathComponent("closures.ics").path])
        #expect(result.status == 3)
        #expect(result.stderr.contains("cal.ics: closures.ics:3: END:VCALENDAR does not close BEGIN:VEVENT"),
                "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("closures.lua").path))
    }

    @Test func onlyAnICSFileIsImported() throws {
        let result = try CalpolicyBinary.run(["import", "policies/weekends.lua"])
        #expect(result.status == 2)
        #expect(result.stderr == "calpolicy: policies/weekends.lua: not an .ics file; expected FILE.ics\n")
    }
}
