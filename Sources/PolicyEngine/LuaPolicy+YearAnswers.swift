import CalendarCore
import LuaHost

extension LuaPolicy {
    /// A run of days answered from `answersForYear`: one call into Lua per Gregorian year the
    /// run touches, the days looked up natively (a holiday policy built on `cal.byYear` holds
    /// its year as a table already; asking canSelect and decorationFor for each day was most
    /// of a long span's Lua time). Only for an empty selection, which is what the function
    /// answers for; `canDeselect`, when the policy defines it and it is asked, is still asked
    /// day by day. The answers must be those canSelect and decorationFor give (the policy's
    /// promise; `YearAnswersTests` hold every shipped policy that defines it to 400 years).
    func yearAnswers(_ questions: [DayQuestions], for days: [Day], context: PolicyContext) -> DayAnswerBatch {
        let count = min(questions.count, days.count)
        let today = (context.today ?? options.today)?.dayNumber
        var deselect: DayAnswerBatch?
        if has.canDeselect, questions.prefix(count).contains(where: \.canDeselect) {
            let only = questions.prefix(count).map { DayQuestions(canSelect: false, canDeselect: $0.canDeselect,
                                                                   decoration: false) }
            deselect = dayAnswers(only, for: Array(days.prefix(count)), context: context)
        }
        var batch = DayAnswerBatch()
        batch.answers.reserveCapacity(count)
        var index = 0
        while index < count {
            let year = days[index].year
            let first = GregorianMath.dayNumber(year: year, month: 1, day: 1)
            let last = GregorianMath.dayNumber(year: year + 1, month: 1, day: 1) - 1
            let table: [Int: DayAnswers]
            do throws(LuaError) {
                table = try enter(functions: RunNote.bit(.answersForYear), first: days[index], last: days[index]) {
                    (engine: PolicyEngineState) throws(LuaError) -> [Int: DayAnswers] in
                    // Keyed by the context too: a policy may answer a year differently for each.
                    if let known = engine.lastYear, known.year == year, known.today == today,
                       known.decision == context.decision { return known.answers }
                    _ = try engine.prepare(context, selection: false)
                    let answers = try engine.state.callYear(year, first: first, last: last, today: today)
                    engine.lastYear = (year, today, context.decision, answers)
                    return answers
                }
            } catch {
                batch.failure = policyError(error, slot: .answersForYear, day: days[index])
                return batch
            }
            while index < count, (first...last).contains(days[index].dayNumber) {
                if let deselect, index >= deselect.answers.count {
                    batch.failure = deselect.failure
                    return batch
                }
                let asked = questions[index]
                var answer = DayAnswers()
                if let known = table[days[index].dayNumber] {
                    if asked.canSelect && has.canSelect { answer.select = known.select }
                    if asked.decoration && has.decoration { answer.decoration = known.decoration }
                }
                if let deselect, asked.canDeselect { answer.deselect = deselect.answers[index].deselect }
                batch.answers.append(answer)
                index += 1
            }
        }
        return batch
    }
}
