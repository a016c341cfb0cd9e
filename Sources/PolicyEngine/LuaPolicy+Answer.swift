import CalendarCore
import LuaHost

extension LuaPolicy {
    /// The asked functions the file defines, in one locked trip into Lua: a run of one day
    /// (the same C entry as `answers`, without its arrays).
    public func answer(_ questions: DayQuestions, for day: Day, context: PolicyContext) throws -> DayAnswers {
        let request = DayQuestions(canSelect: questions.canSelect && has.canSelect,
                                   canDeselect: questions.canDeselect && has.canDeselect,
                                   decoration: questions.decoration && has.decoration)
        guard !request.isEmpty else { return DayAnswers() }
        let bits = (request.canSelect ? 1 : 0) | (request.canDeselect ? 2 : 0) | (request.decoration ? 4 : 0)
        let today = (context.today ?? options.today)?.dayNumber
        // Written from inside the body rather than returned through `enter`'s generic result,
        // so the answer is never copied through type metadata on this per-day path.
        var answer = DayAnswers()
        var failure: (slot: LuaFunctionSlot, error: LuaError)?
        do throws(LuaError) {
            try enter(functions: bits, first: day, last: day) { engine throws(LuaError) in
                let tag = try engine.prepare(context, selection: request.canSelect || request.canDeselect)
                failure = engine.state.callDay(request, dayNumber: day.dayNumber, calendarTag: tag, today: today,
                                               into: &answer)
            }
        } catch {
            throw policyError(error, slot: request.firstSlot, day: day)
        }
        if let failure { throw policyError(failure.error, slot: failure.slot, day: day) }
        return answer
    }

    /// A run of days in one locked crossing into Lua (see `DayPolicy.answers`); the
    /// answers before a failure are kept (their texts withdrawn when a raised error unwound
    /// the run: every caller throws them away with the error).
    public func answers(_ questions: [DayQuestions], for days: [Day], context: PolicyContext) -> DayAnswerBatch {
        if answersByYear && context.selection.isEmpty && !days.isEmpty {
            return yearAnswers(questions, for: days, context: context)
        }
        return dayAnswers(questions, for: days, context: context)
    }

    /// `answers` day by day: each asked function of each day, in one crossing.
    func dayAnswers(_ questions: [DayQuestions], for days: [Day], context: PolicyContext) -> DayAnswerBatch {
        let count = min(questions.count, days.count)
        var requests: [DayQuestions] = []
        requests.reserveCapacity(count)
        var anySelection = false, anyCall = false, bits = 0
        for index in 0..<count {
            let asked = questions[index]
            let request = DayQuestions(canSelect: asked.canSelect && has.canSelect,
                                       canDeselect: asked.canDeselect && has.canDeselect,
                                       decoration: asked.decoration && has.decoration)
            bits |= (request.canSelect ? 1 : 0) | (request.canDeselect ? 2 : 0) | (request.decoration ? 4 : 0)
            anySelection = anySelection || request.canSelect || request.canDeselect
            anyCall = anyCall || request.canSelect || request.canDeselect || request.decoration
            requests.append(request)
        }
        guard anyCall else { return DayAnswerBatch(answers: Array(repeating: DayAnswers(), count: count)) }
        let today = (context.today ?? options.today)?.dayNumber
        let dayNumbers = days.prefix(count).map(\.dayNumber)
        let result: (answers: [DayAnswers], failure: (slot: LuaFunctionSlot, error: LuaError)?)
        do throws(LuaError) {
            result = try enter(functions: bits, first: days.first, last: days.last) { engine in
                askDays(engine, requests, dayNumbers, today, context, selection: anySelection)
            }
        } catch {
            let first = LuaPolicy.firstCall(requests)
            return DayAnswerBatch(answers: Array(repeating: DayAnswers(), count: first),
                                  failure: policyError(error, slot: requests[first].firstSlot, day: days[first]))
        }
        var batch = DayAnswerBatch()
        batch.answers = result.answers
        if let failure = result.failure, batch.answers.count < count {
            batch.failure = policyError(failure.error, slot: failure.slot, day: days[batch.answers.count])
        }
        return batch
    }

    private func askDays(_ engine: PolicyEngineState, _ requests: [DayQuestions], _ dayNumbers: [Int],
                         _ today: Int?, _ context: PolicyContext, selection: Bool)
        -> (answers: [DayAnswers], failure: (slot: LuaFunctionSlot, error: LuaError)?) {
        let tag: Int32
        do throws(LuaError) {
            tag = try engine.prepare(context, selection: selection)
        } catch {
            let first = LuaPolicy.firstCall(requests)
            return ([DayAnswers](repeating: DayAnswers(), count: first), (requests[first].firstSlot, error))
        }
        return engine.state.callDays(requests, dayNumbers: dayNumbers, calendarTag: tag, today: today)
    }

    /// The first day that calls into Lua: a failure before any call is reported there.
    private static func firstCall(_ requests: [DayQuestions]) -> Int {
        requests.firstIndex { $0.canSelect || $0.canDeselect || $0.decoration } ?? 0
    }
}

extension DayQuestions {
    /// The function a failure before any call is reported against.
    var firstSlot: LuaFunctionSlot { canSelect ? .canSelect : canDeselect ? .canDeselect : .decorationFor }
}
