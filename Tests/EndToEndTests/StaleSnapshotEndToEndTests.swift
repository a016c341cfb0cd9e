import Foundation
import Testing

/// A snapshot whose policy is gone is one named failure; the other tests still run.
@Suite struct StaleSnapshotEndToEndTests {
    @Test func aStaleSnapshotIsOneNamedFailure() throws {
        let files = try TemporaryFiles()
        let root = CalpolicyBinary.packageRoot.appendingPathComponent("policies")
        for name in ["weekends.lua", "weekends_test.lua"] {
            _ = try files.write(name, try Data(contentsOf: root.appendingPathComponent(name)))
        }
        let folder = files.directory.path
        try FileManager.default.createDirectory(atPath: folder + "/snapshots", withIntermediateDirectories: true)
        let made = try CalpolicyBinary.run(["snapshot", folder + "/weekends.lua", "--year", "2026",
                                            "--out", folder + "/snapshots/weekends-2026.json"])
        #expect(made.status == 0)
        let fresh = try CalpolicyBinary.run(["test", folder])
        #expect(fresh.status == 0)
        let passed = fresh.stdout.split(separator: "\n").last.map(String.init) ?? ""
        // The policy is renamed and its test file follows; the snapshot still names the old file.
        try FileManager.default.moveItem(atPath: folder + "/weekends.lua", toPath: folder + "/renamed.lua")
        let source = try String(contentsOfFile: folder + "/weekends_test.lua", encoding: .utf8)
        try source.replacingOccurrences(of: "\"weekends.lua\"", with: "\"renamed.lua\"")
            .write(toFile: folder + "/weekends_test.lua", atomically: true, encoding: .utf8)
        let stale = try CalpolicyBinary.run(["test", folder])
        #expect(stale.status == 1)
        #expect(stale.stderr.isEmpty)
        #expect(stale.stdout.contains("snapshots/weekends-2026.json:1: 'snapshot weekends-2026.json': expected its policies to answer, got "))
        #expect(stale.stdout.contains("weekends.lua: no such file"))
        let count = Int(passed.split(separator: " ").first ?? "") ?? 0
        #expect(stale.stdout.hasSuffix("\(count - 1) passed, 1 failed\n"))
    }
}
