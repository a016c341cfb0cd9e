import Foundation
import Testing

/// A policy's `print` speaks once per call that decides, in every format: provenance for
/// JSON replays only the deciding function, silently (it used to print every line three
/// times under `--format json`), and a range tap asks each day once.
@Suite struct PrintOnceEndToEndTests {
    static let policy = """
    return {
      canSelect = function(day)
        print("canSelect " .. day.iso)
        if day.iso == "2026-07-04" then return false, "holiday" end
        return true
      end,
      canDeselect = function(day) print("canDeselect " .. day.iso); return true end,
      decorationFor = function(day)
        print("decorationFor " .. day.iso)
        if day.iso == "2026-07-04" then return { label = "Fourth" } end
      end,
    }
    """

    @Test(arguments: ["json", "text", "csv", "html", "ics"])
    func aDeniedAndDecoratedDayPrintsEachLineOnce(format: String) throws {
        let files = try TemporaryFiles()
        let path = try files.write("p.lua", Self.policy)
        let result = try CalpolicyBinary.run(["eval", path, "--from", "2026-07-04", "--to", "2026-07-04",
                                              "--format", format, "--verbose", "--today", "2026-07-01"])
        #expect(result.status == 0, "\(result.stderr)")
        // The feed asks every layer only what it shows: may the day be selected, its decoration.
        let deselect = format == "ics" ? [] : ["print p.lua: canDeselect 2026-07-04"]
        #expect(result.stderrLines == ["print p.lua: canSelect 2026-07-04"] + deselect
                    + ["print p.lua: decorationFor 2026-07-04"])
    }

    @Test func aRangeTapAsksEveryDayOnce() throws {
        let files = try TemporaryFiles()
        let path = try files.write("p.lua", Self.policy)
        let result = try CalpolicyBinary.run(["select", path, "--mode", "range", "--tap", "2026-12-01", "--tap",
                                              "2026-12-05", "--verbose", "--today", "2026-12-01"])
        #expect(result.status == 0, "\(result.stderr)")
        let asked = result.stderrLines.filter { $0.contains("canSelect") }
        #expect(asked.sorted() == (1...5).map { "print p.lua: canSelect 2026-12-0\($0)" })
    }
}
