import CalendarCore
import LuaHost

extension LuaPolicy {
    /// The asked functions the file defines, in one locked trip into Lua: a run of one day.
    public func answer(_ questions: DayQuestions, for day: Day, context: PolicyContext) throws -> DayAnswers {
        let batch = answers([questions], for: [day], context: context)
        if let failure = batch.failure { throw failure }
        return batch.answers.first ?? DayAnswers()
    }

    /// A run of days in one locked crossing into Lua (see `DayPolicy.answers`); the
    /// answers before a failure are kept.
    public func answers(_ questions: [DayQuestions], for days: [Day], context: PolicyContext) -> DayAnswerBatch {
        let count = min(questions.count, days.count)
        var requests: [LuaDayRequest] = []
        requests.reserveCapacity(count)
        var anySelection = false, anyCall = false, bits = 0
        for index in 0..<count {
            let asked = questions[index]
            let request = LuaDayRequest(canSelect: asked.canSelect && has.canSelect,
                                        canDeselect: asked.canDeselect && has.canDeselect,
                                        decorationFor: asked.decoration && has.decoration)
            bits |= (request.canSelect ? 1 : 0) | (request.canDeselect ? 2 : 0) | (request.decorationFor ? 4 : 0)
            anySelection = anySelection || request.canSelect || request.canDeselect
            anyCall = anyCall || request.canSelect || request.canDeselect || request.decorationFor
            requests.append(request)
        }
        guard anyCall else { return DayAnswerBatch(answers: Array(repeating: DayAnswers(), count: count)) }
        let today = (context.today ?? options.today)?.dayNumber
        let dayNumbers = days.prefix(count).map(\.dayNumber)
        lock.lock()
        defer { lock.unlock() }
        RunNote.note(subject: subject, functions: bits, first: days.first, last: days.last)
        let result: (answers: [LuaDayAnswers], failure: LuaCallFailure?)
        do throws(LuaError) {
            result = LuaNativeStack.hasHeadroom
                ? askDays(requests, dayNumbers, today, context, selection: anySelection)
                : try LuaNativeStack.onLargeStack { () throws(LuaError) in
                    askDays(requests, dayNumbers, today, context, selection: anySelection)
                }
        } catch {
            let first = LuaPolicy.firstCall(requests)
            return DayAnswerBatch(answers: Array(repeating: DayAnswers(), count: first),
                                  failure: policyError(error, slot: requests[first].firstSlot, day: days[first]))
        }
        var batch = DayAnswerBatch()
        batch.answers.reserveCapacity(result.answers.count)
        for answer in result.answers {
            var converted = DayAnswers()
            if let select = answer.select { converted.select = Verdict(select) }
            if let deselect = answer.deselect { converted.deselect = Verdict(deselect) }
            if let decoration = answer.decoration { converted.decoration = Decoration(decoration) }
            batch.answers.append(converted)
        }
        if let failure = result.failure, batch.answers.count < count {
            batch.failure = policyError(failure.error, slot: failure.slot, day: days[batch.answers.count])
        }
        return batch
    }

    private func askDays(_ requests: [LuaDayRequest], _ dayNumbers: [Int], _ today: Int?, _ context: PolicyContext,
                         selection: Bool) -> (answers: [LuaDayAnswers], failure: LuaCallFailure?) {
        let tag: Int32
        do throws(LuaError) {
            tag = try engine.prepare(context, selection: selection)
        } catch {
            let first = LuaPolicy.firstCall(requests)
            return ([LuaDayAnswers](repeating: LuaDayAnswers(), count: first),
                    LuaCallFailure(slot: requests[first].firstSlot, error: error))
        }
        return engine.state.callDays(requests, dayNumbers: dayNumbers, calendarTag: tag, today: today)
    }

    /// The first day that calls into Lua: a failure before any call is reported there.
    private static func firstCall(_ requests: [LuaDayRequest]) -> Int {
        requests.firstIndex { $0.canSelect || $0.canDeselect || $0.decorationFor } ?? 0
    }
}

extension LuaDayRequest {
    /// The function a failure before any call is reported against.
    var firstSlot: LuaFunctionSlot { canSelect ? .canSelect : canDeselect ? .canDeselect : .decorationFor }
}

extension Verdict {
    init(_ verdict: LuaVerdict) {
        self = verdict.allowed ? .allowed : .denied(reason: verdict.reason)
    }
}

extension Decoration {
    init(_ decoration: LuaDecoration) {
        self.init(kind: Kind(decoration.kind), label: decoration.label, color: decoration.color,
                  image: decoration.image, size: decoration.size.map(Size.init))
    }
}
