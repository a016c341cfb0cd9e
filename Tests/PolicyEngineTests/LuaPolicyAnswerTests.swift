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

@Suite struct LuaPolicyDayAnswerTests {
    let fixture = PolicyFixture()
    let context = PolicyContext()

    static let source = """
        local calls = 0
        return {
          canSelect = function(day)
            calls = calls + 1
            if day.day == 13 then return false, "unlucky " .. day.iso end
            return true
          end,
          canDeselect = function(day)
            calls = calls + 1
            if day.weekday == 2 then return false, "mondays stay " .. day.iso end
            return true
          end,
          decorationFor = function(day)
            calls = calls + 1
            if day.day == 13 or day.day == 1 then
              return { kind = "custom", label = "call " .. calls .. " " .. day.iso, color = "#123456", size = "small" }
            end
          end,
        }
        """

    @Test func oneTripAnswersWhatTheThreeCallsAnswer() throws {
        let together = try fixture.load(LuaPolicyDayAnswerTests.source, name: "together.lua")
        let apart = try fixture.load(LuaPolicyDayAnswerTests.source, name: "apart.lua")
        let first = Day.at("2026-02-01")
        for offset in 0..<45 {
            let day = first.adding(days: offset)
            let answers = try together.answer(.all, for: day, context: context)
            #expect(answers.select == (try apart.canSelect(day, context: context)), "\(day.iso)")
            #expect(answers.deselect == (try apart.canDeselect(day, context: context)), "\(day.iso)")
            #expect(answers.decoration == (try apart.decoration(for: day, context: context)), "\(day.iso)")
        }
    }

    @Test func everyStringOfOneTripSurvivesUntilCopied() throws {
        // The reason and the label come from different calls, both left on the Lua stack.
        let policy = try fixture.load(LuaPolicyDayAnswerTests.source)
        let answers = try policy.answer(.all, for: .at("2026-04-13"), context: context)
        #expect(answers.select == .denied(reason: "unlucky 2026-04-13"))
        #expect(answers.deselect == .denied(reason: "mondays stay 2026-04-13"))
        #expect(answers.decoration == Decoration(kind: .custom, label: "call 3 2026-04-13", color: "#123456", size: .small))
    }

    @Test func onlyTheAskedFunctionsRun() throws {
        let policy = try fixture.load(LuaPolicyDayAnswerTests.source)
        let answers = try policy.answer(DayQuestions(canSelect: false, canDeselect: false, decoration: true),
                                        for: .at("2026-04-13"), context: context)
        #expect(answers.select == .allowed)
        #expect(answers.deselect == .allowed)
        #expect(answers.decoration?.label == "call 1 2026-04-13")
    }

    @Test func missingFunctionsAnswerWithoutLua() throws {
        let policy = try fixture.load("return { decorationFor = function(day) return { label = day.iso } end }")
        let answers = try policy.answer(.all, for: .at("2026-04-13"), context: context)
        #expect(answers.select == .allowed)
        #expect(answers.deselect == .allowed)
        #expect(answers.decoration?.label == "2026-04-13")
    }

    @Test func aFailureNamesTheFunctionThatFailedAndStopsTheRest() throws {
        let policy = try fixture.load("""
            local decorated = 0
            return {
              canSelect = function(day) return true end,
              canDeselect = function(day) return "yes" end,
              decorationFor = function(day) decorated = decorated + 1 return { label = tostring(decorated) } end,
            }
            """)
        let error = PolicyFixture.error { _ = try policy.answer(.all, for: .at("2026-04-13"), context: context) }
        #expect(error?.kind == .type)
        #expect(error?.function == "canDeselect")
        #expect(error?.day == .at("2026-04-13"))
        // decorationFor did not run in the failed trip: this is its first call.
        #expect(try policy.decoration(for: .at("2026-04-14"), context: context)?.label == "1")
    }

    @Test func aRuntimeErrorInDecorationForKeepsItsLine() throws {
        let policy = try fixture.load("""
            return {
              canSelect = function(day) return true end,
              decorationFor = function(day)
                error("no decorations on " .. day.iso)
              end,
            }
            """)
        let error = PolicyFixture.error { _ = try policy.answer(.all, for: .at("2026-04-13"), context: context) }
        #expect(error?.kind == .runtime)
        #expect(error?.function == "decorationFor")
        #expect(error?.line == 4)
        #expect(error?.message.contains("no decorations on 2026-04-13") == true)
    }

    @Test func dayFieldsAreFoundWhateverBuiltTheKey() throws {
        // Field names are matched as interned strings; a key built at run time is the same string.
        let policy = try fixture.load("""
            function canSelect(day)
              local key = string.rep("day", 1) .. "Number"
              return false, tostring(day[key] == day.dayNumber) .. " " .. day[("y"):rep(1) .. "ear"]
            end
            """)
        #expect(try policy.canSelect(.at("2024-03-01"), context: context) == .denied(reason: "true 2024"))
    }
}

@Suite struct LuaPolicyBatchAnswerTests {
    let fixture = PolicyFixture()
    let context = PolicyContext()

    @Test func aRunOfDaysAnswersWhatDayByDayAnswers() throws {
        let batch = try fixture.load(LuaPolicyDayAnswerTests.source, name: "batch.lua")
        let single = try fixture.load(LuaPolicyDayAnswerTests.source, name: "single.lua")
        let days = (0..<70).map { Day.at("2026-01-01").adding(days: $0) }
        let questions = days.map { day in
            DayQuestions(canSelect: day.dayNumber % 2 == 0, canDeselect: day.dayNumber % 3 != 0, decoration: true)
        }
        let answers = batch.answers(questions, for: days, context: context)
        #expect(answers.failure == nil)
        #expect(answers.answers.count == days.count)
        for (index, day) in days.enumerated() {
            #expect(answers.answers[index] == (try single.answer(questions[index], for: day, context: context)), "\(day.iso)")
        }
    }

    @Test func aFailureKeepsTheAnswersBeforeItWithTheirStrings() throws {
        let policy = try fixture.load("""
            return {
              canSelect = function(day)
                if day.day == 20 then error("broken on " .. day.iso) end
                return false, "reason for " .. day.iso
              end,
              decorationFor = function(day) return { label = "label for " .. day.iso } end,
            }
            """)
        let days = (0..<30).map { Day.at("2026-03-01").adding(days: $0) }
        let batch = policy.answers(Array(repeating: .all, count: days.count), for: days, context: context)
        #expect(batch.answers.count == 19)
        for (index, answers) in batch.answers.enumerated() {
            #expect(answers.select == .denied(reason: "reason for \(days[index].iso)"))
            #expect(answers.decoration?.label == "label for \(days[index].iso)")
        }
        let error = batch.failure as? PolicyError
        #expect(error?.function == "canSelect")
        #expect(error?.day == .at("2026-03-20"))
        #expect(error?.line == 3)
        #expect(error?.message.contains("broken on 2026-03-20") == true)
    }

    @Test func aTypeErrorLaterInTheDayNamesItsFunction() throws {
        let policy = try fixture.load("""
            return {
              canSelect = function(day) return true end,
              decorationFor = function(day) if day.day == 3 then return "red" end end,
            }
            """)
        let days = (0..<5).map { Day.at("2026-03-01").adding(days: $0) }
        let batch = policy.answers(Array(repeating: .all, count: days.count), for: days, context: context)
        #expect(batch.answers.count == 2)
        let error = batch.failure as? PolicyError
        #expect(error?.kind == .type)
        #expect(error?.function == "decorationFor")
        #expect(error?.day == .at("2026-03-03"))
    }

    @Test func theBudgetIsPerCallWithinARun() throws {
        var options = LuaPolicyOptions()
        options.instructionBudget = 20_000
        // Each call spends about half the budget: a shared budget would run out on the third.
        let policy = try fixture.load("""
            function canSelect(day)
              local x = 0
              for i = 1, 2500 do x = x + i end
              return true
            end
            """, options: options)
        let days = (0..<50).map { Day.at("2026-03-01").adding(days: $0) }
        let batch = policy.answers(Array(repeating: .all, count: days.count), for: days, context: context)
        #expect(batch.failure == nil)
        #expect(batch.answers.count == 50)
    }

    @Test func nothingAskedRunsNoLua() throws {
        let policy = try fixture.load("function canSelect(day) error('must not run') end")
        let days = (0..<3).map { Day.at("2026-03-01").adding(days: $0) }
        let none = DayQuestions(canSelect: false, canDeselect: true, decoration: true)
        let batch = policy.answers(Array(repeating: none, count: 3), for: days, context: context)
        #expect(batch.failure == nil)
        #expect(batch.answers == Array(repeating: DayAnswers(), count: 3))
    }
}
