import Foundation
import Testing

/// The `cal` helpers for windows and business days, through a real policy.
@Suite struct CalHelpersEndToEndTests {
    @Test func aBadWindowRowFailsTheLoadNamingRowFieldAndLine() throws {
        let files = try TemporaryFiles()
        let path = try files.write("frozen.lua", """
            local frozen = cal.windows {
              { from = "2026-12-20", to = "2027-01-03", reason = "year-end freeze" },
              { from = "2027-03-31", to = "2027-03-29", reason = "quarter close" },
            }
            return { canSelect = function(day) return frozen(day) == nil, frozen(day) end }
            """)
        let result = try CalpolicyBinary.run(["eval", path, "--month", "2026-12"], environment: ["NO_COLOR": "1"])
        #expect(result.status == 3)
        #expect(result.stderrLines.count == 1)
        #expect(result.stderr.contains("frozen.lua:1: cal.windows: row 2: 'to' 2027-03-29 is before 'from' 2027-03-31"))
    }

    @Test func windowsAndBusinessDaysDecideDays() throws {
        let files = try TemporaryFiles()
        let path = try files.write("deadline.lua", """
            local frozen = cal.windows {
              { from = "2026-12-21", to = "2026-12-23", reason = "freeze" },
              { from = "2026-12-22", to = "2026-12-31", reason = "later freeze" },
            }
            local christmas = function(day) return day.month == 12 and day.day == 25 end
            return {
              canSelect = function(day)
                local why = frozen(day)
                if why then return false, why end
                return true
              end,
              decorationFor = function(day)
                if day.iso == cal.addBusinessDays("2026-12-18", 4, christmas, frozen) then
                  return { label = "due" }
                end
              end,
            }
            """)
        let result = try CalpolicyBinary.run(["eval", path, "--from", "2026-12-21", "--to", "2027-01-06",
                                              "--format", "csv", "--today", "2026-12-01"])
        #expect(result.status == 0, "\(result.stderr)")
        let rows = result.stdout.split(separator: "\n").map(String.init)
        #expect(rows.contains { $0.hasPrefix("2026-12-22,") && $0.contains(",freeze,") })
        #expect(rows.contains { $0.hasPrefix("2026-12-24,") && $0.contains(",later freeze,") })
        // Four business days after Fri 18 Dec, the frozen days and Christmas off: 1, 4, 5 and 6 January.
        #expect(rows.first { $0.contains(",due,") }?.hasPrefix("2027-01-06,") == true)
    }
}
