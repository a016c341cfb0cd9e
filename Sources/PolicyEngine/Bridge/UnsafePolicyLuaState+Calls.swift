import CalendarCore
internal import CPolicyBridge
import LuaHost

/// Calling a policy's functions: a run of days (`callDays`, the one way in), one day, one
/// function, hours and a year's answers. Each fills the C records (`cpb_day_call`) and reads
/// what C wrote into CalendarCore's values before Lua runs again.
extension PolicyLuaState {
    /// The one way into a policy's functions: the asked functions of many days in one
    /// crossing (`questions[i]` of those `defined`, for `days[i]`, the first `count`; a single
    /// day is a run of one). Answers for the days before a failure are kept and returned with
    /// it (without their texts when the policy raised: `cpb_call_days`); a function not asked
    /// answers `.allowed` (or no decoration). Only the days refused or decorated are returned
    /// (`indices`, `answers`); `answered` says how far the run got.
    func callDays(_ questions: [DayQuestions], days dayValues: [Day], count wanted: Int, defined: DayQuestions,
                  calendarTag: Int32, today: Int?)
        -> (answered: Int, indices: [Int], answers: [DayAnswers], failure: (slot: LuaFunctionSlot, error: LuaError)?) {
        let count = min(wanted, questions.count, dayValues.count)
        guard count > 0 else { return (0, [], [], nil) }
        let days = records(count)
        let hasToday: Int32 = today == nil ? 0 : 1, todayNumber = Int64(today ?? 0)
        let mask = (defined.canSelect ? 1 : 0) | (defined.canDeselect ? 2 : 0) | (defined.decoration ? 4 : 0)
        questions.withUnsafeBufferPointer { questions in
            dayValues.withUnsafeBufferPointer { dayValues in
                for index in 0..<count {
                    let asked = questions[index]
                    days[index].day_number = Int64(dayValues[index].dayNumber)
                    days[index].calendar_tag = calendarTag
                    days[index].has_today = hasToday
                    days[index].today = todayNumber
                    days[index].wants = Int32(((asked.canSelect ? 1 : 0) | (asked.canDeselect ? 2 : 0)
                        | (asked.decoration ? 4 : 0)) & mask)
                }
            }
        }
        var answered: Int32 = 0
        let status = cpb_call_days(handle, days, Int32(count), &answered)
        defer { cpb_call_finish(handle) }
        let done = max(0, min(count, Int(answered)))
        // Only a day refused or decorated gets an answer (it starts empty and only what refused
        // or decorated is written into it); the others, nearly all, cost three reads of its record.
        var indices: [Int] = [], answers: [DayAnswers] = []
        for index in 0..<done where PolicyLuaState.refusesOrDecorates(days + index) {
            var answer = DayAnswers()
            PolicyLuaState.write(days + index, asked: DayQuestions(wants: days[index].wants), into: &answer)
            indices.append(index)
            answers.append(answer)
        }
        do throws(LuaError) {
            try lua.check(status: status)
            return (done, indices, answers, nil)
        } catch {
            let failed = done < count ? Int(days[done].failed) : 0
            return (done, indices, answers, (LuaFunctionSlot(rawValue: failed) ?? .canSelect, error))
        }
    }

    /// One day: the same C entry as `callDays`, with the reused record as its run of one, so
    /// the per-day path allocates and zeroes nothing (a caller asking day by day pays for Lua
    /// only). The answers are written into `answer`, which must start empty (`DayAnswers()`:
    /// only a refusal or a decoration is written); the failure, if any, is returned.
    func callDay(_ asked: DayQuestions, dayNumber: Int, calendarTag: Int32, today: Int?,
                 into answer: inout DayAnswers) -> (slot: LuaFunctionSlot, error: LuaError)? {
        let status = run(asked, dayNumber, calendarTag, today)
        defer { cpb_call_finish(handle) }
        if status != 0 {
            do throws(LuaError) {
                try lua.check(status: status)
            } catch {
                return (LuaFunctionSlot(rawValue: Int(single.pointee.failed)) ?? .canSelect, error)
            }
        }
        PolicyLuaState.write(single, asked: asked, into: &answer)
        return nil
    }

    /// `canSelect` or `canDeselect` alone for one day, the verdict read straight from the record.
    func askVerdict(_ slot: LuaFunctionSlot, dayNumber: Int, calendarTag: Int32,
                     today: Int?) throws(LuaError) -> Verdict {
        let asked = DayQuestions(canSelect: slot == .canSelect, canDeselect: slot == .canDeselect, decoration: false)
        let status = run(asked, dayNumber, calendarTag, today)
        if status != 0 {
            cpb_call_finish(handle) // the error is in the state's record, not on the stack
            try lua.check(status: status)
        }
        let call = slot == .canSelect ? singleSelect : singleDeselect
        // An allowed day left nothing on the stack (only a reason is kept): no release needed.
        if call.pointee.allowed != 0 { return .allowed }
        defer { cpb_call_finish(handle) }
        return PolicyLuaState.verdict(call)
    }

    /// `decorationFor` alone for one day.
    func askDecoration(dayNumber: Int, calendarTag: Int32, today: Int?) throws(LuaError) -> Decoration? {
        let status = run(DayQuestions(canSelect: false, canDeselect: false, decoration: true), dayNumber,
                         calendarTag, today)
        if status != 0 {
            cpb_call_finish(handle)
            try lua.check(status: status)
        }
        let call = singleDecoration
        if call.pointee.has_decoration == 0 { return nil } // nothing kept on the stack
        defer { cpb_call_finish(handle) }
        return PolicyLuaState.decoration(call)
    }

    /// The reused record as a run of one through `cpb_call_days`; the strings it points to
    /// live until `cpb_call_finish`.
    @inline(__always)
    private func run(_ asked: DayQuestions, _ dayNumber: Int, _ calendarTag: Int32, _ today: Int?) -> Int32 {
        let day = single
        day.pointee.day_number = Int64(dayNumber)
        day.pointee.calendar_tag = calendarTag
        day.pointee.has_today = today == nil ? 0 : 1
        day.pointee.today = Int64(today ?? 0)
        day.pointee.wants = (asked.canSelect ? 1 : 0) | (asked.canDeselect ? 2 : 0) | (asked.decoration ? 4 : 0)
        var answered: Int32 = 0
        return cpb_call_days(handle, day, 1, &answered)
    }

    /// One function for one day (tests and explain): `callDay`, throwing its failure.
    func call(_ slot: LuaFunctionSlot, dayNumber: Int, calendarTag: Int32, today: Int?) throws(LuaError) -> DayAnswers {
        let asked = DayQuestions(canSelect: slot == .canSelect, canDeselect: slot == .canDeselect,
                                 decoration: slot == .decorationFor)
        var answer = DayAnswers()
        if let failure = callDay(asked, dayNumber: dayNumber, calendarTag: calendarTag, today: today, into: &answer) {
            throw failure.error
        }
        return answer
    }

    /// hoursFor for one day (a policy without it answers nothing): the intervals it returned,
    /// checked by the bridge, or its failure.
    func callHours(dayNumber: Int, calendarTag: Int32, today: Int?) throws(LuaError) -> [ClosedHours] {
        var records = [cpb_hours](repeating: cpb_hours(), count: Int(CPB_MAX_HOURS))
        var count: Int32 = 0
        let status = records.withUnsafeMutableBufferPointer { buffer in
            cpb_call_hours(handle, Int64(dayNumber), calendarTag, today == nil ? 0 : 1, Int64(today ?? 0),
                           buffer.baseAddress, Int32(buffer.count), &count)
        }
        defer { cpb_call_finish(handle) }
        try lua.check(status: status)
        return records.prefix(Int(count)).map { record in
            ClosedHours(from: Int(record.from), to: Int(record.to),
                        reason: PolicyLuaState.text(record.reason, record.reason_len))
        }
    }

    /// answersForYear(year) (`cpb_call_year`): the days of the year it lists, with their
    /// canSelect and decorationFor answers for an empty selection, by day number; a day it
    /// does not list is selectable and undecorated.
    func callYear(_ year: Int, first: Int, last: Int, today: Int?) throws(LuaError) -> YearAnswerTable {
        // Left uninitialised: the bridge clears each record it writes and `count` says how many
        // it wrote; clearing all of them (~70 KB) for every year asked was a layer's largest cost
        // over a long span when the year lists few days. 366 days and 7 weekly answers.
        var records = [cpb_day_call](unsafeUninitializedCapacity: 373) { _, initialized in initialized = 373 }
        var count: Int32 = 0
        let status = records.withUnsafeMutableBufferPointer { buffer in
            cpb_call_year(handle, Int64(year), Int64(first), Int64(last), today == nil ? 0 : 1, Int64(today ?? 0),
                          buffer.baseAddress, Int32(buffer.count), &count)
        }
        defer { cpb_call_finish(handle) }
        try lua.check(status: status)
        let asked = DayQuestions(canSelect: true, canDeselect: false, decoration: true)
        return records.withUnsafeBufferPointer { buffer in
            YearAnswerTable(first: first, last: last, count: min(Int(count), buffer.count),
                            dayNumber: { Int(buffer[$0].day_number) }, weekday: { Int(buffer[$0].weekday) },
                            same: { PolicyLuaState.sameYearAnswer(buffer.baseAddress! + $0, buffer.baseAddress! + $1) },
                            answer: { PolicyLuaState.answers(buffer.baseAddress! + $0, asked: asked) })
        }
    }
}
