import Foundation
import Testing
@testable import CalPolicyCLI
import CalPolicyRequests
import PolicyEngine
import CalendarData

/// Every did-you-mean and parser site given 100 KB of input, from the command line, a policy
/// or a file: each answers with its one error line in well under a second (the unbounded edit
/// distance took 6.8 s for a 60,000-character zone, 12 s on the CLI for 100 KB). The figures
/// are printed so they can be quoted; the bound asserted is generous (1 s on a loaded machine).
@Suite struct HugeInputBoundsTests {
    static let huge = String(repeating: "x", count: 100_000)

    static func folder() -> String {
        let path = NSTemporaryDirectory() + "huge-input-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    static func write(_ text: String, _ name: String, in folder: String) -> String {
        let path = folder + "/" + name
        FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
        return path
    }

    func timed(_ name: String, _ body: () -> Void) -> Duration {
        let started = ContinuousClock.now
        body()
        let took = ContinuousClock.now - started
        print("100 KB input: \(name): \(took.formatted(.units(allowed: [.milliseconds], fractionalPart: .show(length: 1))))")
        return took
    }

    /// One row a site: the command line, and a word its error line must hold.
    @Test func everySiteIsBoundedOnHundredKilobyteInput() throws {
        let x = Self.huge
        let dir = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let plain = Self.write("return { canSelect = function(day) return true end }\n", "plain.lua", in: dir)
        let zonePolicy = Self.write("return { zone = 'Europe/Berl\(x)', canSelect = function(day) return true end }\n",
                                    "zone.lua", in: dir)
        let globals = Self.write((0..<64).map { "function canSelec\($0)\(String(x.prefix(6_000)))(day) return true end\n" }
                                     .joined() + "function canSelec(day) return true end\n", "globals.lua", in: dir)
        let functionTypo = Self.write("function canSelec\(x)(day) return true end\n", "typo.lua", in: dir)
        let fieldTypo = Self.write("return { canSelec\(x) = function(day) return true end }\n", "field.lua", in: dir)
        let place = Self.write("local h = cal.holidays('DE-B\(x)')\nreturn { canSelect = function(day) return true end }\n",
                               "place.lua", in: dir)
        let country = Self.write("local h = cal.holidays('D\(x)')\nreturn { canSelect = function(day) return true end }\n",
                                 "country.lua", in: dir)
        let language = Self.write("local h = cal.holidays('DE', { language = 'd\(x)' })\n"
                                  + "return { canSelect = function(day) return true end }\n", "language.lua", in: dir)
        let category = Self.write("local h = cal.holidays('DE', { categories = { 'pub\(x)' } })\n"
                                  + "return { canSelect = function(day) return true end }\n", "category.lua", in: dir)
        // 100 KB of stored selections, each a 400-year range, then a bad line: the whole file is
        // parsed (without a day array) before the error, and no policy is asked anything.
        var lines = "", index = 0
        while lines.utf8.count < 100_000 {
            let year = 1600 + index % 400
            lines += #"{"id": "r\#(index)", "mode": "range", "range": ["\#(year)-01-01", "\#(year + 399)-12-30"]}"# + "\n"
            index += 1
        }
        lines += #"{"id": "last", "mode": "weekly", "selection": []}"# + "\n"
        let selections = Self.write(lines, "ranges.jsonl", in: dir)
        let badLine = Self.write(#"{"id": "a", "mode": "m\#(x)", "selection": ["2026-12-01"]}"# + "\n", "bad.jsonl", in: dir)
        let batch = Self.write(String(repeating: "2026-12-24T13:05:00Z\(x)\n", count: 1), "batch.txt", in: dir)
        let rows: [(name: String, arguments: [String], expect: String)] = [
            ("unknown command", ["eva\(x)"], "unknown command"),
            ("unknown option", ["eval", plain, "--mont\(x)"], "unknown option"),
            ("unknown top-level option", ["--hel\(x)"], "unknown option"),
            ("--time-zone", ["gate", plain, "--at", "2026-12-24T13:05:00Z", "--time-zone", "Europe/Berl\(x)"], "time zone"),
            ("--locale", ["eval", plain, "--month", "2026-12", "--locale", "e\(x)"], "locale"),
            ("--format choice", ["eval", plain, "--month", "2026-12", "--format", "jso\(x)"], "--format"),
            ("--month", ["eval", plain, "--month", "2026-\(x)"], "--month"),
            ("completion shell", ["completion", "bas\(x)"], "bas"),
            ("holidays: country", ["eval", "holidays:D\(x)", "--month", "2026-12"], "unknown country"),
            ("holidays: subdivision", ["eval", "holidays:DE-B\(x)", "--month", "2026-12"], "unknown subdivision"),
            ("holidays: category", ["eval", "holidays:DE:pub\(x)", "--month", "2026-12"], "unknown category"),
            ("holidays command", ["holidays", "D\(x)"], "unknown country"),
            ("policy zone", ["eval", zonePolicy, "--month", "2026-12"], "zone"),
            ("policy: 64 global functions of 6 KB names", ["eval", globals, "--month", "2026-12"], ""),
            ("policy: global function typo", ["eval", functionTypo, "--month", "2026-12"], ""),
            ("policy: returned field typo", ["eval", fieldTypo, "--month", "2026-12"], "unknown field"),
            ("cal.holidays place", ["eval", place, "--month", "2026-12"], "unknown subdivision"),
            ("cal.holidays country", ["eval", country, "--month", "2026-12"], "unknown country"),
            ("cal.holidays language", ["eval", language, "--month", "2026-12"], "language"),
            ("cal.holidays category", ["eval", category, "--month", "2026-12"], "unknown category"),
            ("--selections of 400-year ranges (parse)", ["revalidate", plain, "--selections", selections,
                                                         "--today", "2026-12-01"], "unknown mode 'weekly'"),
            ("--selections bad mode", ["revalidate", plain, "--selections", badLine], "unknown mode"),
            ("--batch line", ["gate", plain, "--batch", batch], ""),
        ]
        for row in rows {
            var result: (status: Int32, stdout: String, stderr: String) = (0, "", "")
            let took = timed(row.name) { result = CLI.capture(row.arguments, environment: ["LANG": "en_US.UTF-8"]) }
            #expect(took < .seconds(1), "\(row.name): \(took)")
            let lines = result.stderr.split(separator: "\n").count
            #expect(lines <= 1, "\(row.name): \(result.stderr.prefix(300))")
            #expect(result.status != 0 || row.expect.isEmpty, "\(row.name) succeeded")
            if !row.expect.isEmpty {
                let holds = result.stderr.contains(row.expect)
                #expect(holds, "\(row.name): \(result.stderr.prefix(300))")
            }
        }
    }

    /// The did-you-mean helper itself, against every candidate list it is used with.
    @Test func theSharedHelperIsBoundedOnEveryCandidateList() {
        let x = Self.huge
        let lists: [(String, [String])] = [
            ("zones", TimeZone.knownTimeZoneIdentifiers),
            ("locales", Array(LocaleCatalog.identifiers)),
            ("policy keys", PolicyContract.keys),
        ]
        for (name, candidates) in lists {
            for typed in [x, "Europe/" + x, String(x.prefix(Suggestion.maxWordLength)), String(repeating: "é", count: 50_000)] {
                let took = timed("Suggestion over \(name), \(typed.utf8.count) bytes") {
                    _ = Suggestion.nearest(to: typed, among: candidates)
                    _ = Suggestion.nearestAll(to: typed, among: candidates, limit: 2, ignoringCase: true)
                }
                #expect(took < .seconds(1), "\(name): \(took)")
            }
        }
        let took = timed("LocaleCatalog.nearest") { _ = LocaleCatalog.nearest(to: "e" + x) }
        #expect(took < .seconds(1))
        let zone = timed("ZoneNames.resolve") { _ = ZoneNames.resolve("Europe/Berl" + x) }
        #expect(zone < .seconds(1))
    }
}
