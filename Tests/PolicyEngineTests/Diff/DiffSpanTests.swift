import CalendarCore
import Foundation
import Testing
@testable import PolicyEngine

@Suite struct DiffSpanTests {
    private static func snapshot(policy: String, from: String, to: String) -> String {
        """
        {"policies": ["\(policy)"], "from": "\(from)", "to": "\(to)", "today": "\(from)", "days": []}
        """
    }

    @Test func withoutSnapshotsThisYearAndTheNextTwo() throws {
        let fixture = PolicyFixture()
        let path = fixture.write("return { canSelect = function() return true end }", name: "p.lua")
        let span = DiffSpan.defaultSpan(for: [path], today: try Day(iso: "2026-06-15"))
        #expect(span.first.iso == "2026-01-01")
        #expect(span.last.iso == "2028-12-31")
    }

    @Test func snapshotsNamingThePolicyWidenTheSpan() throws {
        let fixture = PolicyFixture()
        let path = fixture.write("return { canSelect = function() return true end }", name: "p.lua")
        try FileManager.default.createDirectory(atPath: fixture.directory + "/snapshots", withIntermediateDirectories: true)
        fixture.write(Self.snapshot(policy: "p.lua", from: "2019-01-01", to: "2019-12-31"), name: "snapshots/p-2019.json")
        fixture.write(Self.snapshot(policy: "p.lua", from: "2031-03-01", to: "2031-03-31"), name: "snapshots/p-2031.json")
        // A snapshot of another policy and a file that is no snapshot change nothing.
        fixture.write(Self.snapshot(policy: "other.lua", from: "1990-01-01", to: "1990-12-31"), name: "snapshots/o.json")
        fixture.write("not json", name: "snapshots/broken.json")
        #expect(DiffSpan.snapshotYears(of: path) == [2019, 2031])
        let span = DiffSpan.defaultSpan(for: [path], today: try Day(iso: "2026-06-15"))
        #expect(span.first.iso == "2019-01-01")
        #expect(span.last.iso == "2031-12-31")
    }

    @Test func aSnapshotBesideAnOuterFolderNamesThePolicyByItsPathFromThere() throws {
        let fixture = PolicyFixture()
        try FileManager.default.createDirectory(atPath: fixture.directory + "/rules", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: fixture.directory + "/snapshots", withIntermediateDirectories: true)
        let path = fixture.write("return { canSelect = function() return true end }", name: "rules/p.lua")
        fixture.write(Self.snapshot(policy: "rules/p.lua", from: "2040-01-01", to: "2040-12-31"), name: "snapshots/p.json")
        #expect(DiffSpan.snapshotYears(of: path) == [2040])
    }
}
