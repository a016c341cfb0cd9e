import CalendarCore
import Testing
@testable import PolicyEngine

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

    /// A run of days (one crossing) passes each function its own arguments on every day: the
    /// day, the selection to the verdict functions only, whatever each day asks (the run keeps
    /// the functions and the selection in slots of its own); a function the file does not
    /// define is never called, and answers what the day alone answers.
    /// The arguments: the day, the selection (not for decorationFor) and the decision's context
    /// (an empty read-only table when the question carries none).
    @Test func aRunPassesEachFunctionItsArgumentsOnEveryDay() throws {
        let policy = try fixture.load("""
            return {
              canSelect = function(day, selection, extra)
                return false, "S " .. day.iso .. " " .. #selection .. " " .. type(extra) .. " " .. tostring(extra.environment)
              end,
              decorationFor = function(day, extra)
                return { label = "L " .. day.iso .. " " .. type(extra) .. " " .. tostring(extra.environment) }
              end,
            }
            """, name: "arguments.lua")
        let context = PolicyContext(selection: [.at("2026-01-01"), .at("2026-01-02"), .at("2026-01-09")])
        let first = Day.at("2026-03-01")
        let days = (0..<40).map { first.adding(days: $0) }
        // Days ask different things: all, verdicts only, the decoration only, nothing.
        let shapes = [DayQuestions.all, DayQuestions(decoration: false),
                      DayQuestions(canSelect: false, canDeselect: false, decoration: true), DayQuestions.none]
        let questions = days.indices.map { shapes[$0 % shapes.count] }
        let batch = policy.answers(questions, for: days, context: context)
        #expect(batch.failure == nil)
        #expect(batch.answers.count == days.count)
        for (index, day) in days.enumerated() {
            let alone = try policy.answer(questions[index], for: day, context: context)
            #expect(batch.answers[index] == alone, "\(day.iso)")
            let asked = questions[index]
            #expect(batch.answers[index].select == (asked.canSelect
                ? .denied(reason: "S \(day.iso) 3 table nil") : .allowed), "\(day.iso)")
            #expect(batch.answers[index].deselect == .allowed)
            #expect(batch.answers[index].decoration?.label == (asked.decoration ? "L \(day.iso) table nil" : nil))
        }
    }

    /// A sparse run holds exactly the days the dense run answers with something (same answers,
    /// same order), however the days ask; and a run that fails part-way stops at the same day
    /// with the same error.
    @Test func aSparseRunHoldsTheDaysADenseRunRefusesOrDecorates() throws {
        // Two states of one file: its labels count the calls made in the state.
        let policy = try fixture.load(LuaPolicyDayAnswerTests.source, name: "dense.lua")
        let twin = try fixture.load(LuaPolicyDayAnswerTests.source, name: "sparse.lua")
        let first = Day.at("2025-12-20")
        let days = (0..<400).map { first.adding(days: $0) }
        let shapes = [DayQuestions.all, DayQuestions(decoration: false), DayQuestions(canSelect: false),
                      DayQuestions(canSelect: false, canDeselect: false, decoration: true), DayQuestions.none]
        let questions = days.indices.map { shapes[$0 % shapes.count] }
        let dense = policy.answers(questions, for: days, context: context)
        let sparse = twin.sparseAnswers(questions, for: days, context: context)
        #expect(dense.failure == nil && sparse.failure == nil)
        #expect(sparse.answered == days.count)
        let expected = dense.answers.indices.filter { dense.answers[$0] != DayAnswers() }
        #expect(sparse.indices == expected)
        #expect(sparse.answers == expected.map { dense.answers[$0] })
        #expect(sparse.indices.count > 40)
        #expect(sparse.batch.answers == dense.answers)

        let failing = try fixture.load("""
            return { canSelect = function(day)
              if day.iso == "2026-03-01" then error("broken on " .. day.iso) end
              if day.day == 13 then return false, "thirteen" end
              return true
            end }
            """, name: "failing.lua")
        let denseFailure = failing.answers(Array(repeating: .all, count: days.count), for: days, context: context)
        let sparseFailure = failing.sparseAnswers(Array(repeating: .all, count: days.count), for: days, context: context)
        #expect(sparseFailure.answered == denseFailure.answers.count)
        #expect(days[sparseFailure.answered].iso == "2026-03-01")
        #expect("\(sparseFailure.failure.map { "\($0)" } ?? "")" == "\(denseFailure.failure.map { "\($0)" } ?? "")")
        #expect(sparseFailure.indices.allSatisfy { $0 < sparseFailure.answered })
        #expect(sparseFailure.indices.map { days[$0].day } == Array(repeating: 13, count: sparseFailure.indices.count))
    }

    /// In a run, what a call returns and nothing is kept from (an allowed day's `true`, extra
    /// values, a `nil` decoration) may pile up on the stack and is cut away in one go; a later
    /// refusal's reason and a decoration's texts are copied down over it. Streaks of allowed
    /// days shorter than, as long as and longer than the pile-up limit, each ending in a kept
    /// text, must leave every text as the day alone answers it.
    @Test func resultsNothingKeepsPileUpWithoutCoveringAKeptText() throws {
        let source = """
            local streaks, shared = { 5, 31, 32, 33, 64, 1, 0, 97 }, {}
            local function refused(n)
              local at = 0
              for _, s in ipairs(streaks) do
                at = at + s + 1
                if n % 300 == at then return true end
              end
              return false
            end
            return {
              canSelect = function(day)
                if refused(day.dayNumber) then return false, "refused " .. day.iso, "extra" end
                return true, "ignored", "also ignored"
              end,
              canDeselect = function(day)
                if day.dayNumber % 41 == 0 then return false, "held " .. day.iso end
                return true
              end,
              decorationFor = function(day)
                if day.dayNumber % 37 == 0 then
                  shared.label = "label " .. day.iso
                  return shared, "more"
                end
                return nil, "nothing"
              end,
            }
            """
        let run = try fixture.load(source, name: "run.lua")
        let alone = try fixture.load(source, name: "alone.lua")
        let days = (0..<900).map { Day.at("2026-01-01").adding(days: $0) }
        let questions = days.indices.map { $0 % 7 == 3 ? DayQuestions(canSelect: true, canDeselect: false, decoration: true)
                                                        : DayQuestions.all }
        let answers = run.answers(questions, for: days, context: context)
        #expect(answers.failure == nil)
        #expect(answers.answers.count == days.count)
        var refusals = 0
        for (index, day) in days.enumerated() {
            let expected = try alone.answer(questions[index], for: day, context: context)
            #expect(answers.answers[index] == expected, "\(day.iso)")
            if case .denied = expected.select { refusals += 1 }
        }
        #expect(refusals >= 16)
        let sparse = try fixture.load(source, name: "sparse.lua").sparseAnswers(questions, for: days, context: context)
        #expect(sparse.batch.answers == answers.answers)
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

    /// The single-day record is reused from question to question: a decoration that leaves a
    /// text out has none, whatever the day before had.
    @Test func aDecorationWithoutTextsKeepsNoneFromTheDayBefore() throws {
        let policy = try fixture.load("""
            return { decorationFor = function(day)
              if day.day % 2 == 1 then return { label = "odd " .. day.iso, color = "#ff0000", image = "star" } end
              return { kind = "default" }
            end }
            """)
        for offset in 0..<6 {
            let day = Day.at("2026-03-01").adding(days: offset)
            let decoration = try policy.answer(.all, for: day, context: context).decoration
            #expect(decoration?.label == (offset % 2 == 0 ? "odd \(day.iso)" : nil), "\(day.iso)")
            #expect(decoration?.color == (offset % 2 == 0 ? "#ff0000" : nil))
            #expect(decoration?.image == (offset % 2 == 0 ? "star" : nil))
            let alone = try policy.decoration(for: day, context: context)
            #expect(alone?.label == decoration?.label)
        }
    }

    /// A run of days is one protected call (`cls_run_calls`): an error unwinds it and takes the
    /// strings the answers before it pointed to, so those answers keep their verdicts and
    /// whether they decorated (which is all a stack reads before it throws) and their texts are
    /// withdrawn, never read after they were let go.
    @Test func aFailureKeepsTheVerdictsBeforeItAndWithdrawsTheirTexts() throws {
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
        for answers in batch.answers {
            #expect(answers.select == .denied(reason: nil))
            #expect(answers.decoration != nil)
            #expect(answers.decoration?.label == nil)
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
