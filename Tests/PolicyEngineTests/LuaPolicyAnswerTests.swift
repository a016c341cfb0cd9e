import CalendarCore
import Testing
@testable import PolicyEngine

@Suite struct LuaPolicyAnswerTests {
    let fixture = PolicyFixture()
    let context = PolicyContext()

    @Test func returnedTableAnswersCanSelectAndDecoration() throws {
        let policy = try fixture.load("""
            return {
              name = "weekends", description = "no weekends", version = 2,
              canSelect = function(day, selection)
                if day.weekday == 1 or day.weekday == 7 then return false, "weekend" end
                return true
              end,
              decorationFor = function(day)
                if day.month == 12 and day.day == 25 then
                  return { kind = "image", image = "gift", color = "red", size = "large", label = "xmas" }
                end
              end,
            }
            """)
        #expect(policy.metadata == PolicyMetadata(name: "weekends", description: "no weekends", version: "2"))
        #expect(try policy.canSelect(.at("2026-01-05"), context: context) == .allowed)
        #expect(try policy.canSelect(.at("2026-01-04"), context: context) == .denied(reason: "weekend"))
        #expect(try policy.canDeselect(.at("2026-01-04"), context: context) == .allowed)
        #expect(try policy.decoration(for: .at("2026-12-25"), context: context)
                == Decoration(kind: .image, label: "xmas", color: "red", image: "gift", size: .large))
        #expect(try policy.decoration(for: .at("2026-12-24"), context: context) == nil)
    }

    @Test func globalFunctionsWorkWithoutAReturnedTable() throws {
        let policy = try fixture.load("function canSelect(day) return day.day ~= 13, 'unlucky' end")
        #expect(policy.metadata.name == "policy.lua")
        #expect(try policy.canSelect(.at("2026-02-13"), context: context) == .denied(reason: "unlucky"))
        #expect(try policy.canSelect(.at("2026-02-12"), context: context) == .allowed)
    }

    @Test func dayFieldsAreGregorianAndComplete() throws {
        let policy = try fixture.load("""
            function canSelect(day)
              return false, string.format("%d %d %d %d %s %d %d %s", day.year, day.month, day.day,
                day.weekday, day.iso, day.dayNumber, day.yearDay, tostring(day))
            end
            """)
        let day = Day.at("2024-03-01")
        #expect(try policy.canSelect(day, context: context)
                == .denied(reason: "2024 3 1 6 2024-03-01 \(day.dayNumber) 61 2024-03-01"))
    }

    @Test func dayCalendarNamesTheDisplayedCalendar() throws {
        let policy = try fixture.load("""
            function canSelect(day)
              local c = day.calendar
              return false, string.format("%s %d-%d-%d %s %s", c.name, c.year, c.month, c.day,
                tostring(c.isLeapMonth), tostring(c.era))
            end
            """)
        let iso = PolicyContext(calendar: GregorianCalendarSystem(identifier: .iso8601))
        #expect(try policy.canSelect(.at("2026-07-04"), context: iso) == .denied(reason: "iso8601 2026-7-4 false 1"))
    }

    @Test func selectionIsAReadOnlyViewOfIsoStrings() throws {
        let policy = try fixture.load("""
            function canSelect(day, selection)
              local ok = pcall(function() selection[1] = "x" end)
              return false, string.format("%d %s %s %s %s", #selection, selection[1], tostring(selection[3]),
                tostring(selection.contains("2026-01-02")), tostring(selection:contains(day)))
            end
            """)
        let context = PolicyContext(selection: [.at("2026-01-01"), .at("2026-01-02")])
        #expect(try policy.canSelect(.at("2026-01-05"), context: context)
                == .denied(reason: "2 2026-01-01 nil true false"))
    }

    @Test func selectionIteratesWithIpairs() throws {
        let policy = try fixture.load("""
            function canSelect(day, selection)
              local seen = {}
              for i, iso in ipairs(selection) do seen[#seen + 1] = i .. '=' .. iso end
              return false, table.concat(seen, ' ')
            end
            """)
        let context = PolicyContext(selection: [.at("2026-01-01"), .at("2026-01-09")])
        #expect(try policy.canSelect(.at("2026-01-05"), context: context) == .denied(reason: "1=2026-01-01 2=2026-01-09"))
    }

    @Test func dayCalendarComesFromTheContextsCalendarSystem() throws {
        let policy = try fixture.load("""
            function canSelect(day)
              local c = day.calendar
              return false, string.format("%s %d-%d-%d %s", c.name, c.year, c.month, c.day, tostring(c.isLeapMonth))
            end
            """)
        let context = PolicyContext(calendar: ShiftedCalendar())
        #expect(try policy.canSelect(.at("2026-07-04"), context: context) == .denied(reason: "hebrew 5026-7-4 true"))
    }

    @Test func keptDayNeverChanges() throws {
        let policy = try fixture.load("""
            local kept
            function canSelect(day)
              kept = kept or day
              local ok = pcall(function() day.year = 1 end)
              return false, kept.iso .. " " .. tostring(ok)
            end
            """)
        _ = try policy.canSelect(.at("2026-01-01"), context: context)
        #expect(try policy.canSelect(.at("2026-05-05"), context: context) == .denied(reason: "2026-01-01 false"))
    }

    @Test func calHelpersAndInjectedTodayAreAvailable() throws {
        var options = LuaPolicyOptions()
        options.today = .at("2026-11-29")
        let policy = try fixture.load("""
            function canSelect(day)
              return false, cal.today() .. " " .. cal.addDays(day.iso, 1) .. " " .. cal.convert(day.iso, "gregorian").year
            end
            """, options: options)
        #expect(try policy.canSelect(.at("2026-12-31"), context: context) == .denied(reason: "2026-11-29 2027-01-01 2026"))
        let withToday = PolicyContext(today: .at("2030-01-01"))
        #expect(try policy.canSelect(.at("2026-12-31"), context: withToday) == .denied(reason: "2030-01-01 2027-01-01 2026"))
    }

    @Test func stateAPolicyKeepsPersistsAcrossItsCalls() throws {
        let policy = try fixture.load("local n = 0; function canSelect() n = n + 1; return false, tostring(n) end")
        _ = try policy.canSelect(.at("2026-01-01"), context: context)
        #expect(try policy.canSelect(.at("2026-01-01"), context: context) == .denied(reason: "2"))
    }
}

/// A stand-in non-Gregorian system: the Gregorian date 3000 years on, every month a leap month.
struct ShiftedCalendar: CalendarSystem {
    var identifier: CalendarIdentifier { .hebrew }
    func date(of day: Day) -> CalendarDate {
        let (y, m, d) = day.components
        return CalendarDate(month: CalendarMonth(year: y + 3000, month: m, isLeapMonth: true), day: d)
    }
    func span(of month: CalendarMonth) throws(CalendarError) -> DaySpan {
        try GregorianCalendarSystem().span(of: CalendarMonth(year: month.year - 3000, month: month.month))
    }
    func months(inYear year: Int, era: Int?) throws(CalendarError) -> [CalendarMonth] {
        (1...12).map { CalendarMonth(year: year, month: $0, isLeapMonth: true) }
    }
}
