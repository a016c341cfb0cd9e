import CalendarCore
import Testing
@testable import PolicyEngine

/// `cal.byYear` as the engine runs it (in C, `native.byYear`); Tests/lua checks the pure-Lua
/// version with the same expectations.
@Suite struct CalByYearTests {
    let fixture = PolicyFixture()
    let context = PolicyContext()

    static let counting = """
        local built = {}
        local lookup = cal.byYear(function(year)
          built[#built + 1] = year
          return { [cal.dayNumber(year, 12, 25)] = { label = "christmas " .. year } }
        end)
        return {
          canSelect = function(day)
            local h = lookup(day)
            if h then return false, h.label end
            return true
          end,
          decorationFor = function(day)
            local h = lookup(day)
            if h then return { label = h.label .. " built " .. table.concat(built, ",") } end
          end,
        }
        """

    @Test func buildRunsOncePerYearAndDaysAreLookedUpByNumber() throws {
        let policy = try fixture.load(CalByYearTests.counting)
        #expect(try policy.canSelect(.at("2026-12-25"), context: context) == .denied(reason: "christmas 2026"))
        #expect(try policy.canSelect(.at("2026-12-24"), context: context) == .allowed)
        #expect(try policy.canSelect(.at("2027-12-25"), context: context) == .denied(reason: "christmas 2027"))
        #expect(try policy.canSelect(.at("2026-01-01"), context: context) == .allowed)
        #expect(try policy.decoration(for: .at("2026-12-25"), context: context)?.label == "christmas 2026 built 2026,2027")
    }

    @Test func theSameDayTwiceGivesTheSameAnswer() throws {
        let policy = try fixture.load(CalByYearTests.counting)
        let answers = try policy.answer(.all, for: .at("2031-12-25"), context: context)
        #expect(answers.select == .denied(reason: "christmas 2031"))
        #expect(answers.decoration?.label == "christmas 2031 built 2031")
        // Days without an entry in between, then the holiday again.
        for iso in ["2031-12-26", "2031-12-26", "2031-12-27"] {
            #expect(try policy.answer(.all, for: .at(iso), context: context) == DayAnswers())
        }
        #expect(try policy.canSelect(.at("2031-12-25"), context: context) == .denied(reason: "christmas 2031"))
    }

    @Test func daysGivenAsTablesAreReadThroughTheirFields() throws {
        let policy = try fixture.load("""
            local lookup = cal.byYear(function(year) return { [cal.dayNumber(year, 7, 4)] = "july 4 " .. year } end)
            function canSelect(day)
              local fake = { dayNumber = day.dayNumber, year = day.year }
              local answer = lookup(fake)
              local again = lookup(fake)
              local real = lookup(day)
              return false, tostring(answer) .. "|" .. tostring(again) .. "|" .. tostring(real)
            end
            """)
        #expect(try policy.canSelect(.at("2030-07-04"), context: context) == .denied(reason: "july 4 2030|july 4 2030|july 4 2030"))
        #expect(try policy.canSelect(.at("2030-07-05"), context: context) == .denied(reason: "nil|nil|nil"))
    }

    @Test func aYearTableWithAnIndexMetamethodIsAsked() throws {
        let policy = try fixture.load("""
            local lookup = cal.byYear(function(year)
              return setmetatable({}, { __index = function(_, n) return "day " .. n end })
            end)
            function canSelect(day) return false, lookup(day) end
            """)
        let day = Day.at("2026-03-01")
        #expect(try policy.canSelect(day, context: context) == .denied(reason: "day \(day.dayNumber)"))
    }

    @Test func mistakesAreReportedAtThePolicysLine() throws {
        let notTable = try fixture.load("""
            local lookup = cal.byYear(function(year) return "holidays" end)
            function canSelect(day)
              return lookup(day) == nil
            end
            """)
        let error = PolicyFixture.error { _ = try notTable.canSelect(.at("2026-03-01"), context: context) }
        #expect(error?.message == "cal.byYear: build(2026) must return a table, got 'holidays'")
        #expect(error?.line == 3)
        let badDay = try fixture.load("""
            local lookup = cal.byYear(function(year) return {} end)
            function canSelect(day)
              return lookup({ dayNumber = "soon" }) == nil
            end
            """)
        let dayError = PolicyFixture.error { _ = try badDay.canSelect(.at("2026-03-01"), context: context) }
        #expect(dayError?.message == "cal.byYear: day.dayNumber must be an integer, got 'soon'")
        #expect(dayError?.line == 3)
        let noBuild = PolicyFixture.error { _ = try fixture.load("local lookup = cal.byYear(42)", name: "nobuild.lua") }
        #expect(noBuild?.message == "cal.byYear: build must be a function, got '42'")
    }

    @Test func theBudgetCountsBuild() throws {
        var options = LuaPolicyOptions()
        options.instructionBudget = 5_000
        let policy = try fixture.load("""
            local lookup = cal.byYear(function(year) while true do end end)
            function canSelect(day) return lookup(day) == nil end
            """, options: options)
        let error = PolicyFixture.error { _ = try policy.canSelect(.at("2026-03-01"), context: context) }
        #expect(error?.kind == .budget)
    }
}
