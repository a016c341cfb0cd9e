import Foundation
import Testing

/// `explain --selection DAY ...`: canDeselect explained for a day that is already selected.
@Suite struct ExplainSelectionEndToEndTests {
    /// Refuses to let a day of a stay of two or more days go.
    private let stayPolicy = """
        return {
            canDeselect = function(day, selection)
                if #selection >= 2 and selection:contains(day) then return false, "part of a booked stay" end
                return true
            end,
        }

        """

    @Test func canDeselectIsAskedWithTheGivenSelection() throws {
        let files = try TemporaryFiles()
        let policy = try files.write("stay.lua", stayPolicy)
        let selected = try CalpolicyBinary.run(["explain", policy, "2026-12-11", "--selection", "2026-12-11",
                                                "--selection", "2026-12-10", "--today", "2026-12-01"])
        #expect(selected.status == 0, "\(selected.stderr)")
        let lines = selected.stdout.split(separator: "\n").map(String.init)
        #expect(lines[1] == "selection: 2026-12-10, 2026-12-11")
        #expect(lines.contains("   canDeselect    denied 'part of a booked stay'    \(policy):3"))
        #expect(lines.last == "result: selectable; not deselectable by stay.lua at \(policy):3")

        let alone = try CalpolicyBinary.run(["explain", policy, "2026-12-11", "--today", "2026-12-01"])
        #expect(alone.status == 0)
        #expect(alone.stdout.contains("   canDeselect    allowed "))
        #expect(!alone.stdout.contains("selection:"))
    }

    /// The selection is read as `select --selection` and `/v1/select` read it: commas too.
    @Test func aCommaSeparatedSelectionReadsAsSelectReadsIt() throws {
        let files = try TemporaryFiles()
        let policy = try files.write("stay.lua", stayPolicy)
        let result = try CalpolicyBinary.run(["explain", policy, "2026-12-11", "--selection", "2026-12-11,2026-12-10",
                                              "--today", "2026-12-01"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.split(separator: "\n")[1] == "selection: 2026-12-10, 2026-12-11")
    }

    @Test func aBadSelectionDayIsAUsageError() throws {
        let policy = CalpolicyBinary.packageRoot.appendingPathComponent("policies/weekends.lua").path
        let result = try CalpolicyBinary.run(["explain", policy, "2026-12-11", "--selection", "2026-12-40"])
        #expect(result.status == 2)
        #expect(result.stderr == "calpolicy: invalid value '2026-12-40' for '--selection <YYYY-MM-DD>': "
            + "day 40 does not exist in 2026-12 (it has 31 days)\n")
    }
}
