import Foundation
import Testing

/// The name of an iCalendar feed written by `eval --format ics`: what a person would call the
/// calendar (the layers' declared names, else their file stems), never the paths as typed, and
/// `--feed-name` over both.
@Suite struct FeedNameEndToEndTests {
    private func calendarName(_ arguments: [String]) throws -> String {
        let result = try CalpolicyBinary.run(["eval"] + arguments + ["--from", "2026-12-01", "--to", "2026-12-31",
                                                                      "--format", "ics", "--today", "2026-12-01"])
        #expect(result.status == 0, "\(result.stderr)")
        let unfolded = result.stdout.replacingOccurrences(of: "\r\n ", with: "")
        let line = unfolded.split(separator: "\r\n").first { $0.hasPrefix("X-WR-CALNAME:") }
        return line.map { String($0.dropFirst("X-WR-CALNAME:".count)) } ?? ""
    }

    private func path(_ relative: String) -> String {
        CalpolicyBinary.packageRoot.appendingPathComponent(relative).path
    }

    @Test func declaredNamesInStackOrderNotFileNames() throws {
        #expect(try calendarName([path("policies/weekends.lua"), path("policies/us-federal-holidays.lua")])
            == #"weekends\, us-federal-holidays"#)
        #expect(try calendarName([path("policies/us-federal-holidays.lua"), path("policies/weekends.lua")])
            == #"us-federal-holidays\, weekends"#)
    }

    @Test func aPolicyWithoutANameIsItsFileStemAndAReferenceItsOwnName() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("feed-name-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("office.closures.lua")
        try "return { canSelect = function(day) return day.day ~= 24 end }\n".write(to: file, atomically: true, encoding: .utf8)
        let name = try calendarName([file.path, "holidays:DE-BE"])
        #expect(name.hasPrefix(#"office.closures\, "#), "\(name)")
        #expect(!name.contains(".lua") && !name.contains(folder.path))
        #expect(name.contains("DE-BE"), "\(name)")
    }

    @Test func feedNameOverridesAndIsEscaped() throws {
        #expect(try calendarName([path("policies/weekends.lua"), "--feed-name", "Ops, Berlin; prod"]) == #"Ops\, Berlin\; prod"#)
    }
}
