import CalendarCore
import LuaHost

extension LuaPolicy {
    /// The asked functions the file defines, in one locked trip into Lua: a run of one day
    /// (the same C entry as `answers`, without its arrays).
    public func answer(_ questions: DayQuestions, for day: Day, context: PolicyContext) throws -> DayAnswers {
        let request = DayQuestions(canSelect: questions.canSelect && has.canSelect,
                                   canDeselect: questions.canDeselect && has.canDeselect,
                                   decoration: questions.decoration && has.decoration)
        guard !request.isEmpty, !isOutOfScope(context) else { return DayAnswers() }
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
        if isOutOfScope(context) { return DayAnswerBatch(answers: DayAnswers.empty(count: min(questions.count, days.count))) }
        if answersByYear && context.selection.isEmpty && !days.isEmpty {
            return yearAnswers(questions, for: days, context: context)
        }
        return dayAnswers(questions, for: days, context: context)
    }

    /// `answers`, only the days refused or decorated (`answersSparsely`): what the
    /// stack merges, without an answer per allowed day.
    public func sparseAnswers(_ questions: [DayQuestions], for days: [Day], context: PolicyContext) -> SparseDayAnswers {
        if isOutOfScope(context) { return SparseDayAnswers(answered: min(questions.count, days.count)) }
        if answersByYear && context.selection.isEmpty && !days.isEmpty {
            let count = min(questions.count, days.count)
            if has.canDeselect, questions.prefix(count).contains(where: \.canDeselect) {
                return SparseDayAnswers(yearAnswers(questions, for: days, context: context))
            }
            return sparseYearAnswers(questions, for: days, context: context)
        }
        return sparseDayAnswers(questions, for: days, context: context)
    }

    /// `answers` day by day: each asked function of each day, in one crossing.
    ///
    /// The questions go to the bridge as they are, with the functions the file defines
    /// (`callDays` masks each day's): an array of masked questions and one of day numbers,
    /// built per run, cost ~60 instructions a day.
    func dayAnswers(_ questions: [DayQuestions], for days: [Day], context: PolicyContext) -> DayAnswerBatch {
        sparseDayAnswers(questions, for: days, context: context).batch
    }

    /// `dayAnswers`, only the days refused or decorated.
    func sparseDayAnswers(_ questions: [DayQuestions], for days: [Day], context: PolicyContext) -> SparseDayAnswers {
        let count = min(questions.count, days.count)
        let defined = DayQuestions(canSelect: has.canSelect, canDeselect: has.canDeselect, decoration: has.decoration)
        // What the run asks of the defined functions, in one pass.
        var any = DayQuestions.none
        questions.withUnsafeBufferPointer { questions in
            for index in 0..<count {
                any.canSelect = any.canSelect || questions[index].canSelect
                any.canDeselect = any.canDeselect || questions[index].canDeselect
                any.decoration = any.decoration || questions[index].decoration
            }
        }
        let request = any.masked(by: defined)
        guard !request.isEmpty else { return SparseDayAnswers(answered: count) }
        let bits = (request.canSelect ? 1 : 0) | (request.canDeselect ? 2 : 0) | (request.decoration ? 4 : 0)
        let today = (context.today ?? options.today)?.dayNumber
        let result: (answered: Int, indices: [Int], answers: [DayAnswers],
                     failure: (slot: LuaFunctionSlot, error: LuaError)?)
        do throws(LuaError) {
            result = try enter(functions: bits, first: days.first, last: days.last) { engine in
                askDays(engine, questions, days, count: count, defined: defined, today, context,
                        selection: request.canSelect || request.canDeselect)
            }
        } catch {
            let first = LuaPolicy.firstCall(questions, count: count, defined: defined)
            return SparseDayAnswers(answered: first,
                                    failure: policyError(error, slot: questions[first].masked(by: defined).firstSlot,
                                                         day: days[first]))
        }
        var batch = SparseDayAnswers(answered: result.answered, indices: result.indices, answers: result.answers)
        if let failure = result.failure, result.answered < count {
            batch.failure = policyError(failure.error, slot: failure.slot, day: days[result.answered])
        }
        return batch
    }

    private func askDays(_ engine: PolicyEngineState, _ questions: [DayQuestions], _ days: [Day], count: Int,
                         defined: DayQuestions, _ today: Int?, _ context: PolicyContext, selection: Bool)
        -> (answered: Int, indices: [Int], answers: [DayAnswers], failure: (slot: LuaFunctionSlot, error: LuaError)?) {
        let tag: Int32
        do throws(LuaError) {
            tag = try engine.prepare(context, selection: selection)
        } catch {
            let first = LuaPolicy.firstCall(questions, count: count, defined: defined)
            return (first, [], [], (questions[first].masked(by: defined).firstSlot, error))
        }
        return engine.state.callDays(questions, days: days, count: count, defined: defined, calendarTag: tag,
                                     today: today)
    }

    /// The first day that calls into Lua: a failure before any call is reported there.
    private static func firstCall(_ questions: [DayQuestions], count: Int, defined: DayQuestions) -> Int {
        questions.prefix(count).firstIndex { !$0.masked(by: defined).isEmpty } ?? 0
    }
}

extension DayQuestions {
    /// The questions of these that `defined` holds (the functions a file defines).
    @inline(__always)
    func masked(by defined: DayQuestions) -> DayQuestions {
        DayQuestions(canSelect: canSelect && defined.canSelect, canDeselect: canDeselect && defined.canDeselect,
                     decoration: decoration && defined.decoration)
    }

    /// The function a failure before any call is reported against.
    var firstSlot: LuaFunctionSlot { canSelect ? .canSelect : canDeselect ? .canDeselect : .decorationFor }
}

extension LuaPolicy {
    /// The stack asks `sparseAnswers` (above), not the dense batch.
    public var answersSparsely: Bool { true }
}
