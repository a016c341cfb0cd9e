import CalendarCore
import Testing
@testable import PolicyEngine

/// `scope = {...}` read at load as data, and a question outside it answered with no opinion by
/// every path into the policy (a day, a run, a sparse run, year answers, hours, explain).
@Suite struct LuaPolicyScopeTests {
    let fixture = PolicyFixture()

    static let frozen = """
        return {
          scope = { environment = { "production", "prod-*" }, exclude = { service = "status-page" } },
          canSelect = function(day) return false, "frozen" end,
          decorationFor = function(day) return { label = "F" } end,
          hoursFor = function(day) return { cal.closed("09:00", "17:00", "frozen hours") } end,
        }
        """

    static func context(_ pairs: [(String, String)]) -> PolicyContext {
        var decision = DecisionContext()
        for (key, value) in pairs { try? decision.set(key, value) }
        return PolicyContext(today: Day(dayNumber: 20_000), decision: decision)
    }

    @Test func theScopeIsReadAsData() throws {
        let policy = try fixture.load(Self.frozen)
        #expect(policy.scope == DecisionScope(include: ["environment": ["production", "prod-*"]],
                                              exclude: ["service": ["status-page"]]))
    }

    @Test func outsideItsScopeEveryPathHasNoOpinion() throws {
        let policy = try fixture.load(Self.frozen)
        let day = Day(dayNumber: 20_400)
        let days = (0..<40).map { Day(dayNumber: 20_400 + $0) }
        let questions = Array(repeating: DayQuestions.all, count: days.count)
        for (pairs, inScope) in [([], true), ([("environment", "production")], true), ([("environment", "prod-x")], true),
                                 ([("environment", "staging")], false), ([("service", "status-page")], false),
                                 ([("environment", "production"), ("service", "api")], true)] {
            let context = Self.context(pairs)
            #expect(try policy.canSelect(day, context: context).isAllowed == !inScope, "\(pairs)")
            #expect((try policy.decoration(for: day, context: context) != nil) == inScope, "\(pairs)")
            #expect((try policy.closedHours(for: day, context: context).isEmpty) == !inScope, "\(pairs)")
            #expect(try policy.answer(.all, for: day, context: context).select.isAllowed == !inScope, "\(pairs)")
            let batch = policy.answers(questions, for: days, context: context)
            #expect(batch.failure == nil && batch.answers.count == days.count)
            #expect(batch.answers.allSatisfy { $0.select.isAllowed == !inScope }, "\(pairs)")
            let sparse = policy.sparseAnswers(questions, for: days, context: context)
            #expect(sparse.answered == days.count && sparse.indices.isEmpty == !inScope, "\(pairs)")
            let explained = try policy.answer(for: day, context: context)
            #expect(explained.canSelect.isAllowed == !inScope)
            #expect(explained.scope?.hasPrefix(inScope ? "in scope" : "not in scope") == true, "\(String(describing: explained.scope))")
        }
    }

    @Test func yearAnswersFollowTheScope() throws {
        let policy = try fixture.load("""
            return {
              scope = { environment = "production" },
              canSelect = function(day) return not (day.month == 12 and day.day == 24), "eve" end,
              answersForYear = function(year)
                return { [cal.dayNumber(year, 12, 24)] = { selectable = false, reason = "eve" } }
              end,
            }
            """)
        let days = (0..<366).map { Day(dayNumber: 20_454 + $0) } // 2026
        let questions = Array(repeating: DayQuestions.all, count: days.count)
        let inScope = policy.answers(questions, for: days, context: Self.context([("environment", "production")]))
        let outside = policy.answers(questions, for: days, context: Self.context([("environment", "staging")]))
        #expect(inScope.answers.filter { !$0.select.isAllowed }.count == 1)
        #expect(outside.answers.allSatisfy { $0.select.isAllowed })
    }

    @Test func aBadScopeStopsTheLoadNamingIt() {
        for (scope, message) in [("{ enviroment = 'production' }", "unknown context key 'enviroment' — did you mean 'environment'?"),
                                 ("'production'", "policy field 'scope' must be a table"),
                                 ("{ environment = {} }", "is an empty list"),
                                 ("{ environment = { 1 } }", "'scope.environment[1]' must be a string"),
                                 ("{ environment = 'a\\nb' }", "holds no control characters"),
                                 ("{ [1] = 'x' }", "has a key that is not a string"),
                                 ("{ exclude = 'x' }", "'scope.exclude' must be a table"),
                                 ("setmetatable({}, {})", "plain table"),
                                 ("{ environment = string.rep('x', 300) }", "a value is 1 to 256 bytes")] {
            let error = PolicyFixture.error { _ = try fixture.load("return { scope = \(scope), canSelect = function() return true end }") }
            #expect(error?.kind == .type, "\(scope): \(String(describing: error))")
            #expect(error?.message.contains(message) == true, "\(scope): \(String(describing: error?.message))")
        }
    }
}
