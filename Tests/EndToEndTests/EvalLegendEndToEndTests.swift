import Foundation
import Testing

/// A policy that locks the 10th to the 12th once chosen, and decorates the 11th.
let lockedDaysPolicy = """
    return {
        canDeselect = function(day)
            if day.month == 12 and day.day >= 10 and day.day <= 12 then return false, "booked and paid" end
            return true
        end,
        decorationFor = function(day)
            if day.month == 12 and day.day == 11 then return { label = "team day" } end
        end,
    }

    """

/// The text legend: short runs by default, `--legend full|none`, and the mark for days that
/// may not be deselected.
@Suite struct EvalLegendEndToEndTests {
    private let freeze = CalpolicyBinary.packageRoot.appendingPathComponent("policies/change-freeze.lua").path
    private let weekends = CalpolicyBinary.packageRoot.appendingPathComponent("policies/weekends.lua").path
    private let holidays = CalpolicyBinary.packageRoot.appendingPathComponent("policies/us-federal-holidays.lua").path

    @Test func consecutiveDaysWithOneOutcomeShareALine() throws {
        let result = try CalpolicyBinary.run(["eval", freeze, "--month", "2026-12", "--today", "2026-12-01"])
        #expect(result.status == 0)
        let legend = result.stdout.split(separator: "\n").map(String.init).filter { $0.hasPrefix("# ") }
        #expect(legend == ["# 2026-12-18 Fri – 2026-12-31 Thu  Year-end change freeze; denied: change freeze: Year-end change freeze"])
    }

    @Test func plainWeekendsAreSummarisedInOneLine() throws {
        let result = try CalpolicyBinary.run(["eval", weekends, holidays, "--year", "2026", "--today", "2026-12-01"])
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        let legendStart = try #require(lines.firstIndex { $0.hasPrefix("* decorated") })
        let legend = Array(lines[(legendStart + 1)...])
        #expect(legend.first == "! Sat, Sun  denied: weekend (103 weekend days)")
        // A holiday on a weekend keeps its own line; the eleven holidays and one observed day follow.
        #expect(legend.contains("# 2026-07-04 Sat  Independence Day; denied: weekend"))
        #expect(legend.count == 13)
        #expect(lines.count < 45)
    }

    @Test func reasonsThatNameTheirOwnDayShareALine() throws {
        let result = try CalpolicyBinary.run(["eval", "--from", "2026-12-10", "--to", "2026-12-31",
                                              "--include", "weekdays", "--min", "2026-12-14", "--today", "2026-12-01"])
        #expect(result.status == 0)
        let legend = result.stdout.split(separator: "\n").map(String.init).filter { $0.hasPrefix("! ") }
        #expect(legend == [
            "! Sat, Sun  denied: the day is a weekend day; only weekdays may be selected (6 weekend days)",
            "! 2026-12-10 Thu – 2026-12-11 Fri  denied: the day is before the earliest selectable day 2026-12-14",
        ])
    }

    @Test func fullLegendListsEveryDayAndNonePrintsNone() throws {
        let full = try CalpolicyBinary.run(["eval", freeze, "--month", "2026-12", "--today", "2026-12-01",
                                            "--legend", "full"])
        #expect(full.status == 0)
        let days = full.stdout.split(separator: "\n").filter { $0.hasPrefix("# 2026-12-") }
        #expect(days.count == 14)
        #expect(days.first == "# 2026-12-18 Fri  Year-end change freeze; denied: change freeze: Year-end change freeze")

        let none = try CalpolicyBinary.run(["eval", freeze, "--month", "2026-12", "--today", "2026-12-01",
                                            "--legend", "none"])
        #expect(none.status == 0)
        #expect(!none.stdout.contains("decorated"))
        #expect(none.stdout.split(separator: "\n").last == "27#28#29#30#31#")
    }

    @Test func unknownLegendStyleIsAUsageError() throws {
        let result = try CalpolicyBinary.run(["eval", "--legend", "brief"])
        #expect(result.status == 2)
        #expect(result.stderr == "calpolicy: invalid value 'brief' for '--legend <short|full|none>': "
            + "expected one of short, full, none\n")
    }

    @Test func daysThatMayNotBeDeselectedAreMarkedAndExplained() throws {
        let files = try TemporaryFiles()
        let policy = try files.write("locked.lua", lockedDaysPolicy)
        let result = try CalpolicyBinary.run(["eval", policy, "--month", "2026-12", "--today", "2026-12-01"])
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains(" 6  7  8  9 10~11~12~"))
        #expect(lines.contains("* decorated  ! denied  # both  ~ may not be deselected"))
        #expect(lines.contains("~ 2026-12-10 Thu  may not be deselected: booked and paid"))
        #expect(lines.contains("~ 2026-12-11 Fri  team day; may not be deselected: booked and paid"))
        #expect(lines.contains("~ 2026-12-12 Sat  may not be deselected: booked and paid"))
    }
}
