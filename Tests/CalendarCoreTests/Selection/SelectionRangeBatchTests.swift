import Foundation
import Testing
@testable import CalendarCore

/// A range tap asks the stack about the days it spans once, as one batch per policy (for a
/// Lua policy, one crossing), and never asks an end twice.
@Suite struct SelectionRangeBatchTests {
    /// Counts batches and single questions; denies `denied`.
    final class BatchCounter: DayPolicy, @unchecked Sendable {
        let name = "counter"
        let denied: Set<Day>
        private(set) var batches: [[Day]] = []
        private(set) var singles: [Day] = []

        init(denied: Set<Day> = []) { self.denied = denied }

        func canSelect(_ day: Day, context: PolicyContext) throws -> Verdict {
            singles.append(day)
            return denied.contains(day) ? .denied(reason: "no") : .allowed
        }

        func answers(_ questions: [DayQuestions], for days: [Day], context: PolicyContext) -> DayAnswerBatch {
            batches.append(days)
            var batch = DayAnswerBatch()
            for day in days { batch.answers.append(DayAnswers(select: denied.contains(day) ? .denied(reason: "no") : .allowed)) }
            return batch
        }
    }

    @Test func aRangeTapAsksTheInsideOnceAsOneBatch() throws {
        let counter = BatchCounter()
        var controller = SelectionController(mode: .range, stack: PolicyStack([counter]))
        _ = try controller.tap(try day("2026-12-01"))
        let result = try controller.tap(try day("2026-12-09"))
        #expect(result.accepted)
        #expect(counter.singles == (try days("2026-12-01", "2026-12-09")))
        #expect(counter.batches == [try days("2026-12-02", "2026-12-03", "2026-12-04", "2026-12-05", "2026-12-06",
                                               "2026-12-07", "2026-12-08")])
    }

    @Test func adjacentEndsNeedNoBatch() throws {
        let counter = BatchCounter()
        var controller = SelectionController(mode: .range, stack: PolicyStack([counter]))
        _ = try controller.tap(try day("2026-12-01"))
        _ = try controller.tap(try day("2026-12-02"))
        #expect(counter.batches.isEmpty)
    }

    @Test func theBatchAgreesWithDayByDayQuestionsForBothRules() throws {
        let denied: Set<Day> = [try day("2026-12-04")]
        for rule in [RangeRule.reject, .skip] {
            var batched = SelectionController(mode: .range, stack: PolicyStack([BatchCounter(denied: denied)]))
            batched.rangeRule = rule
            var plain = SelectionController(mode: .range, stack: PolicyStack([ListPolicy(name: "counter", denySelect: denied)]))
            plain.rangeRule = rule
            for tap in ["2026-12-01", "2026-12-09"] {
                let a = try batched.tap(try day(tap)), b = try plain.tap(try day(tap))
                #expect(a.accepted == b.accepted && a.selection == b.selection && a.leftOut == b.leftOut, "\(rule)")
            }
        }
    }

    @Test func spanQuestionsEqualSingleQuestionsAcrossBatchEdges() throws {
        let denied: Set<Day> = Set(try days("2026-01-01", "2026-01-05", "2026-02-11"))
        let stack = PolicyStack([ListPolicy(name: "a", denySelect: denied), IncludeDaysPolicy(.weekdays)])
        let span = DaySpan(try day("2025-12-20"), try day("2026-03-01"))
        let batched = try stack.canSelect(span, context: PolicyContext(), batchSize: 7)
        let single = try span.map { try stack.canSelect($0, context: PolicyContext()) }
        #expect(batched == single)
    }
}
