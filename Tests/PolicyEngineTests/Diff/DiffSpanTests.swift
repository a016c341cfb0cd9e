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
        let span = DiffSpan.defaultSpan(for: [path], today: try Day(iso: "2026-06-15")).span
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
        let span = DiffSpan.defaultSpan(for: [path], today: try Day(iso: "2026-06-15")).span
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

    @Test func yearsEitherTextMentionsWidenTheSpan() throws {
        let today = try Day(iso: "2026-06-15")
        let old = Array(#"local rows = { ["2030-05-01"] = "x" }"#.utf8)
        let new = Array("if day.year == 1999 then return false end".utf8)
        let choice = DiffSpan.defaultSpan(for: [], sources: [old, nil, new], today: today)
        #expect(choice.span.first.iso == "1999-01-01")
        #expect(choice.span.last.iso == "2030-12-31")
        #expect(!choice.isCut)
        #expect(choice.warning == nil)
    }

    @Test func moreThanFourHundredYearsIsCutAndSaysSo() throws {
        let today = try Day(iso: "2026-06-15")
        // 1600 and 2100 cannot both be in 400 years with 2026...2028; 2100 and 2300 can.
        let source = Array(#"return { ["1600-01-01"] = 1, ["2100-01-01"] = 2, ["2300-01-01"] = 3 }"#.utf8)
        let choice = DiffSpan.defaultSpan(for: [], sources: [source], today: today)
        #expect(choice.span.first.iso == "2026-01-01")
        #expect(choice.span.last.iso == "2300-12-31")
        #expect(choice.span.count <= 146_097)
        #expect(choice.wanted == 1600...2300)
        #expect(choice.leftOut == [1600])
        #expect(choice.warning?.contains("year 1600 is not compared") == true)
    }

    @Test func theCutSpanIsNeverLongerThanOneGregorianCycle() throws {
        let today = try Day(iso: "2026-06-15")
        let source = Array("[1583] [1700] [1800] [2400] [2425] [2426] [9000]".utf8)
        let choice = DiffSpan.defaultSpan(for: [], sources: [source], today: today)
        #expect(choice.span.count <= 146_097)
        #expect(choice.span.first.iso == "2026-01-01")
        #expect(choice.span.last.iso == "2425-12-31")
        #expect(choice.leftOut == [1583, 1700, 1800, 2426, 9000])
    }
}
