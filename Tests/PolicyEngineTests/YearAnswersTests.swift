import CalendarCore
import Foundation
import Testing
@testable import PolicyEngine

/// `answersForYear`: a run of days answered from one call per year must be exactly what
/// canSelect and decorationFor answer day by day. Every shipped policy (all of policies/) and
/// every example that defines it is held to that over 400 years (1800-2199, runs of 32 days as
/// the stack asks).
@Suite struct YearAnswersTests {
    static let shipped: [String] = ["policies", "examples"].flatMap { folder -> [String] in
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { $0.hasSuffix(".lua") && !$0.hasSuffix("_test.lua") }.sorted().compactMap { name in
            let path = folder + "/" + name
            let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
            return text.contains("answersForYear =") ? path : nil
        }
    }

    /// Every policy the project ships answers a year at once (a long span would otherwise ask
    /// Lua once or twice a day per layer), and so is held to its day-by-day answers below.
    @Test func everyShippedPolicyAnswersByYear() throws {
        let policies = try FileManager.default.contentsOfDirectory(atPath: "policies")
            .filter { $0.hasSuffix(".lua") && !$0.hasSuffix("_test.lua") }.sorted().map { "policies/" + $0 }
        #expect(policies.count == 6)
        #expect(Self.shipped == policies + ["examples/year-answers.lua"])
    }

    @Test(arguments: shipped)
    func yearAnswersEqualTheDayByDayAnswersOver400Years(_ path: String) throws {
        let policy = try LuaPolicy(path: path, options: LuaPolicyOptions(today: Day(dayNumber: 20_425)))
        #expect(policy.answersByYear)
        let context = PolicyContext(today: Day(dayNumber: 20_425))
        let first = Day(dayNumber: GregorianMath.dayNumber(year: 1800, month: 1, day: 1))
        let last = Day(dayNumber: GregorianMath.dayNumber(year: 2199, month: 12, day: 31))
        var day = first, compared = 0, denied = 0, decorated = 0, mismatches: [String] = []
        while day <= last {
            let days = (0..<32).map { day.adding(days: $0) }.filter { $0 <= last }
            let questions = [DayQuestions](repeating: .all, count: days.count)
            let yearly = policy.answers(questions, for: days, context: context)
            let daily = policy.dayAnswers(questions, for: days, context: context)
            #expect(yearly.failure == nil && daily.failure == nil)
            for (index, answer) in yearly.answers.enumerated() where answer != daily.answers[index] {
                if mismatches.count < 3 { mismatches.append("\(days[index].iso): \(answer) vs \(daily.answers[index])") }
            }
            compared += yearly.answers.count
            denied += yearly.answers.filter { !$0.select.isAllowed }.count
            decorated += yearly.answers.filter { $0.decoration != nil }.count
            day = day.adding(days: 32)
        }
        #expect(compared == 146_097)
        #expect(mismatches.isEmpty, "\(path): \(mismatches)")
        // Not a vacuous comparison: the policy denies or decorates days (a holiday policy, days
        // in every year; change-freeze, its few dozen frozen days).
        #expect(denied + decorated > 30)
        if path.contains("holidays") || path.contains("year-answers") {
            #expect(denied > 400 * 5)
            #expect(decorated > 400 * 5)
        }
        if path.hasSuffix("weekends.lua") { #expect(denied == 41_742) }
    }

    /// The stack's sparse answers walk a run of consecutive days by the year's listed days; a
    /// run that is not consecutive (or not in order) is looked up day by day. Both equal the
    /// day-by-day answers, across a year's end.
    @Test(arguments: ["policies/weekends.lua", "policies/us-federal-holidays.lua", "policies/on-call.lua"])
    func sparseRunsEqualTheDayByDayAnswers(_ path: String) throws {
        let policy = try LuaPolicy(path: path, options: LuaPolicyOptions(today: Day(dayNumber: 20_425)))
        let context = PolicyContext(today: Day(dayNumber: 20_425))
        let start = GregorianMath.dayNumber(year: 2026, month: 12, day: 20)
        let runs: [[Day]] = [
            (0..<40).map { Day(dayNumber: start + $0) },                    // consecutive, two years
            (0..<40).map { Day(dayNumber: start + 3 * $0) },                // every third day
            (0..<40).reversed().map { Day(dayNumber: start + $0) },         // backwards
            [Day(dayNumber: start + 6), Day(dayNumber: start + 1), Day(dayNumber: start + 12)],
        ]
        for days in runs {
            let questions = [DayQuestions](repeating: .all, count: days.count)
            let sparse = policy.sparseAnswers(questions, for: days, context: context)
            let daily = policy.dayAnswers(questions, for: days, context: context)
            #expect(sparse.failure == nil && sparse.answered == days.count)
            #expect(sparse.batch.answers == daily.answers, "\(path) \(days.first!.iso)...")
            #expect(!sparse.indices.isEmpty || !sparse.sharedDays.isEmpty)
        }
    }

    /// One answer table listed for many days (a weekend layer's way) is read once and its
    /// record reused while the same table comes again in the walk; tables alternating, a table
    /// equal in content but not the same, and decorations must still read as day by day.
    @Test func aTableListedForManyDaysAnswersLikeItsCanSelect() throws {
        let fixture = PolicyFixture()
        let policy = try fixture.load("""
            local closed = { selectable = false, reason = "closed" }
            local marked = { decoration = { label = "Marked day", color = "#123456", size = "large" } }
            local both = { selectable = false, reason = "both", decoration = { kind = "image", image = "x.png" } }
            local function pick(n)
              local k = n % 11
              if k < 3 then return closed elseif k < 5 then return marked elseif k == 5 then return both
              elseif k == 6 then return { selectable = false, reason = "closed" } end
              return nil
            end
            return {
              canSelect = function(day)
                local a = pick(day.dayNumber)
                if a and a.selectable == false then return false, a.reason end
                return true
              end,
              decorationFor = function(day)
                local a = pick(day.dayNumber)
                return a and a.decoration or nil
              end,
              answersForYear = function(year)
                local answers = {}
                for n = cal.dayNumber(year, 1, 1), cal.dayNumber(year, 12, 31) do answers[n] = pick(n) end
                return answers
              end,
            }
            """)
        let context = PolicyContext()
        let first = GregorianMath.dayNumber(year: 2026, month: 1, day: 1)
        let days = (0..<800).map { Day(dayNumber: first + $0) }
        let questions = [DayQuestions](repeating: .all, count: days.count)
        let yearly = policy.answers(questions, for: days, context: context)
        let daily = policy.dayAnswers(questions, for: days, context: context)
        #expect(yearly.failure == nil && daily.failure == nil)
        #expect(yearly.answers == daily.answers)
        #expect(yearly.answers.filter { $0.decoration?.label == "Marked day" }.count > 100)
        #expect(yearly.answers.filter { $0.select.reason == "both" && $0.decoration?.image == "x.png" }.count > 50)
    }

    /// A malformed table listed for many days is refused at the first day that lists it.
    @Test func aMalformedTableListedForManyDaysIsRefused() throws {
        let fixture = PolicyFixture()
        let policy = try fixture.load("""
            return {
              canSelect = function(day) return true end,
              answersForYear = function(year)
                local bad = { selectable = "no" }
                return { [cal.dayNumber(year, 3, 1)] = bad, [cal.dayNumber(year, 3, 2)] = bad }
              end,
            }
            """)
        let days = (0..<10).map { Day(dayNumber: GregorianMath.dayNumber(year: 2026, month: 2, day: 27) + $0) }
        let batch = policy.answers([DayQuestions](repeating: .all, count: days.count), for: days, context: PolicyContext())
        #expect(batch.answers.count == 0)
        #expect("\(String(describing: batch.failure))".contains("selectable must be a boolean"))
    }

    /// `weekly` answers a weekday of the whole year; a day listed by number gives way to it
    /// only where it is not listed (here a listed Saturday is open and decorated). Year runs
    /// (consecutive, every third day, backwards, across years) equal the day-by-day answers.
    @Test func weeklyAnswersHoldWhereNoDayIsListed() throws {
        let fixture = PolicyFixture()
        let policy = try fixture.load("""
            local closed = { selectable = false, reason = "weekend" }
            local quiet = { decoration = { label = "Quiet Sunday", size = "small" } }
            local function listed(n)
              if n % 29 == 0 then return { decoration = { label = "Open day", color = "#00ff00" } } end
              if n % 31 == 0 then return { selectable = false, reason = "audit" } end
            end
            local function answer(day)
              local l = listed(day.dayNumber)
              if l then return l end
              if day.weekday == cal.SATURDAY then return closed end
              if day.weekday == cal.SUNDAY then return quiet end
            end
            return {
              canSelect = function(day)
                local a = answer(day)
                if a and a.selectable == false then return false, a.reason end
                return true
              end,
              decorationFor = function(day) local a = answer(day) return a and a.decoration or nil end,
              answersForYear = function(year)
                local answers = { weekly = { [cal.SATURDAY] = closed, [cal.SUNDAY] = quiet } }
                for n = cal.dayNumber(year, 1, 1), cal.dayNumber(year, 12, 31) do answers[n] = listed(n) end
                return answers
              end,
            }
            """)
        let context = PolicyContext()
        let first = GregorianMath.dayNumber(year: 2025, month: 12, day: 1)
        let runs: [[Day]] = [
            (0..<800).map { Day(dayNumber: first + $0) },
            (0..<200).map { Day(dayNumber: first + 3 * $0) },
            (0..<100).reversed().map { Day(dayNumber: first + $0) },
        ]
        for days in runs {
            let questions = [DayQuestions](repeating: .all, count: days.count)
            let yearly = policy.answers(questions, for: days, context: context)
            let daily = policy.dayAnswers(questions, for: days, context: context)
            #expect(yearly.failure == nil && daily.failure == nil)
            #expect(yearly.answers == daily.answers)
        }
        let days = runs[0], questions = [DayQuestions](repeating: .all, count: days.count)
        let yearly = policy.answers(questions, for: days, context: context).answers
        let saturdays = days.indices.filter { days[$0].weekday == 7 }
        #expect(saturdays.filter { yearly[$0].select.reason == "weekend" }.count > 100)
        // A listed Saturday is the listed answer, not the weekly one.
        #expect(saturdays.contains { yearly[$0].select.isAllowed && yearly[$0].decoration?.label == "Open day" })
        #expect(yearly.filter { $0.decoration?.label == "Quiet Sunday" }.count > 100)
    }

    /// A malformed `weekly` is a type error naming the year and the weekday, never an open day.
    @Test(arguments: [
        ("weekly = 5", "answersForYear(2026): weekly must be a table keyed by weekday"),
        ("weekly = { [0] = {} }", "weekly has the key number 0 (expected a weekday"),
        ("weekly = { [2.5] = {} }", "weekly has the key number 2.5"),
        ("weekly = { [7] = { selectable = 1 } }", "answersForYear(2026) weekly[7]: selectable must be a boolean"),
        ("weekly = { [1] = { closed = true } }", "answersForYear(2026) weekly[1]: an answer with the field string 'closed'"),
        ("weekly = { [3] = 'no' }", "answersForYear(2026) weekly[3]: an answer must be a table, got string 'no'"),
    ])
    func aMalformedWeeklyIsRefused(_ body: String, _ message: String) throws {
        let fixture = PolicyFixture()
        let policy = try fixture.load("""
            return {
              canSelect = function(day) return true end,
              answersForYear = function(year) return { \(body) } end,
            }
            """)
        let days = (0..<10).map { Day(dayNumber: GregorianMath.dayNumber(year: 2026, month: 2, day: 27) + $0) }
        let batch = policy.answers([DayQuestions](repeating: .all, count: days.count), for: days, context: PolicyContext())
        #expect(batch.answers.count == 0)
        #expect("\(String(describing: batch.failure))".contains(message))
    }

    @Test func aSelectionGoesDayByDay() throws {
        let fixture = PolicyFixture()
        let policy = try fixture.load("""
            return {
              canSelect = function(day, selection) return #selection == 0, "picked" end,
              answersForYear = function(year) return {} end,
            }
            """)
        let day = Day(dayNumber: 20_425)
        let selected = policy.answers([.all], for: [day], context: PolicyContext(selection: [day]))
        #expect(selected.answers.first?.select.isAllowed == false)
        let empty = policy.answers([.all], for: [day], context: PolicyContext())
        #expect(empty.answers.first?.select.isAllowed == true)
    }

    @Test func canDeselectIsStillAskedDayByDay() throws {
        let fixture = PolicyFixture()
        let policy = try fixture.load("""
            return {
              canSelect = function(day) return true end,
              canDeselect = function(day) return day.day ~= 13, "the 13th stays" end,
              answersForYear = function(year) return { [cal.dayNumber(year, 3, 1)] = { selectable = false, reason = "March 1" } } end,
            }
            """)
        let days = (0..<40).map { Day(dayNumber: GregorianMath.dayNumber(year: 2026, month: 2, day: 1) + $0) }
        let batch = policy.answers([DayQuestions](repeating: .all, count: days.count), for: days, context: PolicyContext())
        #expect(batch.failure == nil)
        for (day, answer) in zip(days, batch.answers) {
            #expect(answer.deselect.isAllowed == (day.day != 13), "\(day.iso)")
            #expect(answer.select.isAllowed == !(day.month == 3 && day.day == 1), "\(day.iso)")
        }
    }

    @Test func aFailingYearFailsTheRunAtItsFirstDay() throws {
        let fixture = PolicyFixture()
        let policy = try fixture.load("""
            return {
              canSelect = function(day) return true end,
              answersForYear = function(year) if year == 2027 then error("no 2027") end return {} end,
            }
            """)
        let days = (0..<10).map { Day(dayNumber: GregorianMath.dayNumber(year: 2026, month: 12, day: 27) + $0) }
        let batch = policy.answers([DayQuestions](repeating: .all, count: days.count), for: days, context: PolicyContext())
        #expect(batch.answers.count == 5)
        #expect((batch.failure as? PolicyError)?.message.contains("no 2027") == true)
    }
}
