import Foundation
import Testing

/// `revalidate POLICY ... --selections FILE` and `diff --selections FILE`: stored selections the
/// policies now refuse, and the ones a change breaks.
@Suite struct RevalidateEndToEndTests {
    let weekends = CalpolicyBinary.packageRoot.appendingPathComponent("policies/weekends.lua").path
    let us = CalpolicyBinary.packageRoot.appendingPathComponent("policies/us-federal-holidays.lua").path

    func revalidate(_ lines: String, _ extra: [String] = []) throws -> CalpolicyBinary.Result {
        try CalpolicyBinary.run(["revalidate", weekends, us, "--selections", "-", "--today", "2026-12-01"] + extra, input: lines)
    }

    @Test func exitsOneListingEachRefusedSelection() throws {
        let result = try revalidate("""
            {"id": "b-1", "mode": "multiple", "selection": ["2026-12-22", "2026-12-23"]}
            {"id": "b-2", "mode": "range", "range": {"from": "2026-12-21", "to": "2026-12-31"}}
            """)
        #expect(result.status == 1)
        #expect(result.stdout == "b-2  2026-12-25  Christmas Day (\(us))  +2 more refused days\n1 of 2 selections refused\n")
    }

    @Test func exitsZeroWhenNoneIsRefused() throws {
        let result = try revalidate(#"{"id": "b-1", "mode": "single", "selection": ["2026-12-22"]}"# + "\n")
        #expect(result.status == 0)
        #expect(result.stdout == "0 of 1 selection refused\n")
    }

    @Test func exitsTwoNamingAMalformedLine() throws {
        let result = try revalidate(#"{"id": "b-1", "mode": "single", "selection": ["2026-12-22"]}"# + "\n\n{\"id\": \"b-2\"\n")
        #expect(result.status == 2)
        #expect(result.stderr.contains("line 3: not JSON"), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    /// What `select --format json` writes, on one line, is a stored selection as it stands.
    @Test func selectsOwnDocumentReadsBackAsAStoredSelection() throws {
        let selected = try CalpolicyBinary.run(["select", weekends, "--mode", "multiple", "--tap", "2026-12-24",
                                                "--tap", "2026-12-25", "--format", "json", "--today", "2026-12-01"])
        #expect(selected.status == 0)
        let object = try JSONSerialization.jsonObject(with: Data(selected.stdout.utf8))
        let line = String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self)
        let result = try revalidate(line + "\n", ["--format", "json"])
        #expect(result.status == 1)
        let document = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any] ?? [:]
        let refused = document["refused"] as? [[String: Any]] ?? []
        #expect(refused.map { $0["id"] as? String } == ["line 1"])
        #expect(refused.first?["date"] as? String == "2026-12-25")
        #expect(refused.first?["policy"] as? String == us)
    }

    @Test func diffShowsTheSelectionsEachChangedDayBreaks() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("revalidate-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let old = folder.appendingPathComponent("old.lua"), new = folder.appendingPathComponent("new.lua")
        let bookings = folder.appendingPathComponent("bookings.jsonl")
        try "return { name = \"closures\", canSelect = function(day) return true end }\n".write(to: old, atomically: true, encoding: .utf8)
        try """
            return { name = "closures", canSelect = function(day)
              if day.iso == "2026-12-24" then return false, "Christmas Eve closure" end
              return true
            end }

            """.write(to: new, atomically: true, encoding: .utf8)
        try """
            {"id": "a", "mode": "multiple", "selection": ["2026-12-24", "2026-12-28"]}
            {"id": "b", "mode": "range", "range": ["2026-12-21", "2026-12-31"]}
            {"id": "c", "mode": "single", "selection": ["2026-12-01"]}

            """.write(to: bookings, atomically: true, encoding: .utf8)
        let result = try CalpolicyBinary.run(["diff", old.path, new.path, "--year", "2026", "--selections", bookings.path,
                                              "--today", "2026-12-01"])
        #expect(result.status == 1)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains("  2026-12-24 Thu: selectable → denied 'Christmas Eve closure'  breaks a, b"))
        #expect(lines.last == "2 stored selections broken")
    }
}
