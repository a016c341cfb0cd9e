import CalendarCore
import Testing
@testable import PolicyEngine

/// The decision's context as the last argument of every policy function: read-only, missing
/// keys nil, `labels` always a table; and no answer cached under one context is given for another.
@Suite struct LuaPolicyContextTests {
    let fixture = PolicyFixture()

    static func context(_ pairs: [(String, String)], selection: [Day] = []) -> PolicyContext {
        var decision = DecisionContext()
        for (key, value) in pairs { try? decision.set(key, value) }
        return PolicyContext(today: Day(dayNumber: 20_000), selection: selection, decision: decision)
    }

    static let source = """
        return {
          canSelect = function(day, selection, context)
            if context.action == "rollback" then return true end
            if context.labels["app.kubernetes.io/name"] == "db" then return false, "db" end
            return context.environment ~= "production", "prod " .. tostring(context.service)
          end,
          decorationFor = function(day, context) return { label = context.environment or "none" } end,
          hoursFor = function(day, selection, context)
            if context.service == "batch" then return { cal.closed("00:00", "06:00", "batch") } end
            return {}
          end,
        }
        """

    @Test func everyFunctionSeesTheContext() throws {
        let policy = try fixture.load(Self.source)
        let day = Day(dayNumber: 20_400)
        #expect(try policy.canSelect(day, context: Self.context([])).isAllowed)
        #expect(try policy.canSelect(day, context: Self.context([("environment", "production")])) == .denied(reason: "prod nil"))
        #expect(try policy.canSelect(day, context: Self.context([("environment", "production"), ("service", "api")]))
                    == .denied(reason: "prod api"))
        #expect(try policy.canSelect(day, context: Self.context([("environment", "production"), ("action", "rollback")])).isAllowed)
        #expect(try policy.canSelect(day, context: Self.context([("labels.app.kubernetes.io/name", "db")])) == .denied(reason: "db"))
        #expect(try policy.decoration(for: day, context: Self.context([("environment", "staging")]))?.label == "staging")
        #expect(try policy.decoration(for: day, context: Self.context([]))?.label == "none")
        #expect(try policy.closedHours(for: day, context: Self.context([("service", "batch")])).count == 1)
        #expect(try policy.closedHours(for: day, context: Self.context([])).isEmpty)
        // A run of days and a selection: the same context on each call.
        let days = (0..<40).map { Day(dayNumber: 20_400 + $0) }
        let batch = policy.answers(Array(repeating: .all, count: days.count), for: days,
                                   context: Self.context([("environment", "production")], selection: [day]))
        #expect(batch.answers.allSatisfy { $0.select == .denied(reason: "prod nil") && $0.decoration?.label == "production" })
    }

    @Test func theContextIsReadOnly() throws {
        for write in ["context.environment = 'x'", "context.labels.team = 'x'", "setmetatable(context, nil)"] {
            let policy = try fixture.load("return { canSelect = function(day, selection, context) \(write); return true end }")
            let error = PolicyFixture.error { _ = try policy.canSelect(Day(dayNumber: 20_400), context: Self.context([])) }
            #expect(error != nil, "\(write)")
        }
    }

    /// One policy asked under alternating contexts: year answers (cached per year) follow each.
    @Test func yearAnswersAreNeverSharedBetweenContexts() throws {
        let policy = try fixture.load("""
            return {
              canSelect = function(day, selection, context) return context.environment ~= "production", "frozen" end,
              answersForYear = function(year, context)
                if context.environment ~= "production" then return {} end
                local answers = {}
                for n = cal.dayNumber(year, 1, 1), cal.dayNumber(year, 12, 31) do answers[n] = { selectable = false, reason = "frozen" } end
                return answers
              end,
            }
            """)
        let days = (0..<64).map { Day(dayNumber: 20_454 + $0) }
        let questions = Array(repeating: DayQuestions.all, count: days.count)
        for _ in 0..<3 {
            for (pairs, denied) in [([("environment", "production")], days.count), ([("environment", "staging")], 0), ([], 0)] {
                let batch = policy.answers(questions, for: days, context: Self.context(pairs))
                #expect(batch.answers.filter { !$0.select.isAllowed }.count == denied, "\(pairs)")
            }
        }
    }
}
