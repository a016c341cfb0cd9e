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

    /// Stored selections of 400-year ranges at the server's body limit (64 KiB) and at 1 MiB:
    /// the peak resident memory of the whole command (measured by /usr/bin/time in the child,
    /// so tests running beside it do not count) stays far under 200 MiB. Ranges used to be
    /// expanded to day arrays while the file was parsed: 687 MiB for a 37 KB file.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/time")))
    func rangesAtTheBodyLimitStayWithinBoundedMemory() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("revalidate-rss-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for size in [64 << 10, 1 << 20] {
            var text = "", index = 0
            while true {
                let year = 1600 + index % 400
                let line = #"{"id": "r\#(index)", "mode": "range", "range": ["\#(year)-01-01", "\#(year + 399)-12-30"]}"# + "\n"
                if text.utf8.count + line.utf8.count > size { break }
                text += line
                index += 1
            }
            let file = folder.appendingPathComponent("ranges-\(size).jsonl")
            try text.write(to: file, atomically: true, encoding: .utf8)
            let report = folder.appendingPathComponent("time-\(size).txt")
            // Under /usr/bin/time, so the peak is the command's alone.
            let result = try Self.timed(["revalidate", weekends, "--selections", file.path, "--today", "2026-12-01",
                                         "--timeout", "60"], report: report.path)
            #expect(result.status == 1, "\(result.stderr.prefix(300))")
            #expect(result.stdout.hasSuffix("\(index) of \(index) selections refused\n"))
            // GNU time's last line is the figure (a line "Command exited with non-zero status 1" may precede it).
            let lines = try String(contentsOf: report, encoding: .utf8).split(separator: "\n")
            let kilobytes = lines.last.flatMap { Int($0.trimmingCharacters(in: .whitespaces)) } ?? -1
            print("revalidate --selections of \(index) 400-year ranges (\(text.utf8.count) bytes): peak RSS \(kilobytes / 1024) MiB")
            #expect(kilobytes > 0 && kilobytes < 200 << 10, "peak \(kilobytes) KiB")
        }
    }

    /// The binary run by `/usr/bin/time -f %M -o report` (peak resident KiB of the child alone).
    static func timed(_ arguments: [String], report: String) throws -> (status: Int32, stdout: String, stderr: String) {
        guard let binary = CalpolicyBinary.url else { throw CalpolicyBinary.BinaryMissing() }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/time")
        process.arguments = ["-f", "%M", "-o", report, binary.path] + arguments
        process.environment = ["LANG": "en_US.UTF-8", "PATH": "/usr/bin:/bin"]
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: stdout, as: UTF8.self), String(decoding: stderr, as: UTF8.self))
    }
}
