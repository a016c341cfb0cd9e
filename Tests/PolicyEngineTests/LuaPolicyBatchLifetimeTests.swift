import CalendarCore
import Testing
@testable import PolicyEngine

/// A batch asks Lua about many days before the host copies any string out. Every string a
/// day's answer points to must survive the later days' calls, whatever those calls do to
/// the tables that held it, and nothing a call ignores may pile up over the span.
@Suite struct LuaPolicyBatchLifetimeTests {
    let fixture = PolicyFixture()
    let context = PolicyContext()

    func span(_ first: String, _ count: Int) -> [Day] {
        (0..<count).map { Day.at(first).adding(days: $0) }
    }

    func batch(_ source: String, _ days: [Day], _ questions: DayQuestions = .all) throws -> DayAnswerBatch {
        let policy = try fixture.load(source)
        return policy.answers(Array(repeating: questions, count: days.count), for: days, context: context)
    }

    /// Garbage enough to make the collector run inside every call.
    static let churn = "local junk = {} for i = 1, 400 do junk[i] = string.rep(day.iso, 8) .. i end"

    @Test func aDecorationTableReusedWithNewTextKeepsEachDaysText() throws {
        let days = span("2026-12-01", 31)
        let result = try batch("""
            local shared = { kind = "custom" }
            return { decorationFor = function(day)
              \(Self.churn)
              shared.label = "label of " .. day.iso .. string.rep("-", 40)
              shared.color = "#" .. string.format("%06d", day.day)
              shared.image = "image-" .. day.iso .. string.rep("+", 40)
              return shared
            end }
            """, days, DayQuestions(canSelect: false, canDeselect: false, decoration: true))
        #expect(result.failure == nil)
        #expect(result.answers.count == days.count)
        for (day, answer) in zip(days, result.answers) {
            #expect(answer.decoration?.label == "label of \(day.iso)" + String(repeating: "-", count: 40))
            #expect(answer.decoration?.color == "#" + String(repeating: "0", count: 6 - String(day.components.day).count) + String(day.components.day))
            #expect(answer.decoration?.image == "image-\(day.iso)" + String(repeating: "+", count: 40))
        }
    }

    @Test func aLaterCallClearingTheDecorationKeepsTheEarlierText() throws {
        let days = span("2026-12-01", 20)
        let result = try batch("""
            local last
            return {
              canSelect = function(day)
                if last then last.color = nil last.label = nil end
                \(Self.churn)
                return false, "closed " .. day.iso .. string.rep("!", 30)
              end,
              decorationFor = function(day)
                last = { label = "deco " .. day.iso .. string.rep("?", 30), color = "c" .. day.iso }
                return last
              end,
            }
            """, days)
        #expect(result.failure == nil)
        for (day, answer) in zip(days, result.answers) {
            #expect(answer.select == .denied(reason: "closed \(day.iso)" + String(repeating: "!", count: 30)))
            #expect(answer.decoration?.label == "deco \(day.iso)" + String(repeating: "?", count: 30))
            #expect(answer.decoration?.color == "c\(day.iso)")
        }
    }

    @Test func ignoredExtraResultsDoNotPileUpOverASpan() throws {
        let days = span("2026-01-01", 64)
        let result = try batch("""
            local extra = {}
            for i = 1, 40000 do extra[i] = i end
            return { canSelect = function(day) return true, nil, table.unpack(extra) end }
            """, days, DayQuestions(canSelect: true, canDeselect: false, decoration: false))
        #expect(result.failure == nil)
        #expect(result.answers.count == days.count)
        #expect(result.answers.allSatisfy { $0.select == .allowed })
    }
}
