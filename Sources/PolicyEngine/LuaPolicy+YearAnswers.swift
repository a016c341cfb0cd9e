import CalendarCore
import LuaHost

extension LuaPolicy {
    /// A run of days answered from `answersForYear`: one call into Lua per Gregorian year the
    /// run touches, the days looked up natively (a holiday policy built on `cal.byYear` holds
    /// its year as a table already; asking canSelect and decorationFor for each day was most
    /// of a long span's Lua time). Only for an empty selection, which is what the function
    /// answers for; `canDeselect`, when the policy defines it and it is asked, is still asked
    /// day by day. The answers must be those canSelect and decorationFor give (the policy's
    /// promise; `YearAnswersTests` hold every shipped policy to 400 years).
    func yearAnswers(_ questions: [DayQuestions], for days: [Day], context: PolicyContext) -> DayAnswerBatch {
        let count = min(questions.count, days.count)
        guard has.canDeselect, questions.prefix(count).contains(where: \.canDeselect) else {
            return sparseYearAnswers(questions, for: days, context: context).batch
        }
        let only = questions.prefix(count).map { DayQuestions(canSelect: false, canDeselect: $0.canDeselect,
                                                               decoration: false) }
        let deselect = dayAnswers(only, for: Array(days.prefix(count)), context: context)
        var batch = sparseYearAnswers(questions, for: days, context: context).batch
        let settled = min(batch.answers.count, deselect.answers.count)
        for index in 0..<settled where questions[index].canDeselect {
            batch.answers[index].deselect = deselect.answers[index].deselect
        }
        if deselect.answers.count < batch.answers.count {
            // The day-by-day canDeselect failed first: the run ends at its day, with its error.
            batch.answers.removeLast(batch.answers.count - deselect.answers.count)
            batch.failure = deselect.failure
        }
        return batch
    }

    /// `yearAnswers` (canSelect and decorationFor only), holding only the days refused or
    /// decorated. A run of consecutive days (what a span asks) walks the year's listed days
    /// between its ends: nothing is done for a day the year does not list, so a layer costs
    /// per weekend or holiday, not per day.
    func sparseYearAnswers(_ questions: [DayQuestions], for days: [Day], context: PolicyContext) -> SparseDayAnswers {
        let count = min(questions.count, days.count)
        let today = (context.today ?? options.today)?.dayNumber
        var result = SparseDayAnswers(answered: 0)
        guard count > 0 else { return result }
        var consecutive = true
        for index in 1..<max(1, count) where days[index].dayNumber != days[index - 1].dayNumber + 1 {
            consecutive = false
            break
        }
        let wantSelect = has.canSelect, wantDecoration = has.decoration
        /// The parts of `known` asked (`select`, `decoration`), or nil when what is left says
        /// nothing (`{}` or `selectable = true` alone): one trimming for listed and weekly answers.
        func trimmed(_ known: DayAnswers, select: Bool, decoration: Bool) -> DayAnswers? {
            if select && decoration {
                // Asked whole (a span's first layer, or a day still open): the answer as it is.
                if case .allowed = known.select, known.decoration == nil { return nil }
                return known
            }
            var answer = DayAnswers()
            if select { answer.select = known.select }
            if decoration { answer.decoration = known.decoration }
            if case .allowed = answer.select, answer.decoration == nil { return nil }
            return answer
        }
        /// The asked parts of a listed answer, appended unless nothing is left of it.
        func add(_ known: DayAnswers, at index: Int) {
            let asked = questions[index]
            guard let answer = trimmed(known, select: asked.canSelect && wantSelect,
                                       decoration: asked.decoration && wantDecoration) else { return }
            result.indices.append(index)
            result.answers.append(answer)
        }
        /// The weekly answers of the run's days `from..<to` of `table`'s year (day number `base +
        /// index`) that the year does not list: one weekday at a time, by sevens (nothing is
        /// done for the other days), each answer held once in `shared` for each part asked.
        /// `firstListed`: the index of the table's first listed day at or after the run's start.
        func addWeekly(_ table: YearAnswerTable, from start: Int, to end: Int, base: Int, firstListed: Int) {
            let firstWeekday = GregorianMath.weekday(of: base + start) - 1
            let listed = table.dayNumbers
            for weekday in 0..<7 where table.weeklySays[weekday] {
                let known = table.weekly[weekday]!
                var slot: [Int32] = [-1, -1, -1, -1] // by part asked; -2: says nothing
                var k = firstListed
                var at = start + (weekday - firstWeekday + 7) % 7
                while at < end {
                    while k < listed.count, listed[k] - base < at { k += 1 }
                    if k < listed.count, listed[k] - base == at {
                        at += 7
                        continue
                    }
                    let asked = questions[at]
                    let select = asked.canSelect && wantSelect, decoration = asked.decoration && wantDecoration
                    let part = (select ? 2 : 0) + (decoration ? 1 : 0)
                    if slot[part] == -1 {
                        if let answer = trimmed(known, select: select, decoration: decoration) {
                            slot[part] = Int32(result.shared.count)
                            result.shared.append(answer)
                        } else {
                            slot[part] = -2
                        }
                    }
                    if slot[part] >= 0 {
                        result.sharedDays.append(at)
                        result.sharedAnswer.append(slot[part])
                    }
                    at += 7
                }
            }
        }
        var index = 0
        while index < count {
            let year = days[index].year
            let first = GregorianMath.dayNumber(year: year, month: 1, day: 1)
            let last = GregorianMath.dayNumber(year: year + 1, month: 1, day: 1) - 1
            let table: YearAnswerTable
            do throws(LuaError) {
                table = try enter(functions: RunNote.bit(.answersForYear), first: days[index], last: days[index]) {
                    (engine: PolicyEngineState) throws(LuaError) -> YearAnswerTable in
                    // Keyed by the context too: a policy may answer a year differently for each.
                    if let known = engine.lastYear, known.year == year, known.today == today,
                       known.decision == context.decision { return known.answers }
                    _ = try engine.prepare(context, selection: false)
                    let answers = try engine.state.callYear(year, first: first, last: last, today: today)
                    engine.lastYear = (year, today, context.decision, answers)
                    return answers
                }
            } catch {
                result.answered = index
                result.failure = policyError(error, slot: .answersForYear, day: days[index])
                return result
            }
            if consecutive {
                // The run's days of this year are index..<end, day numbers in step with indices.
                let end = min(count, index + (last - days[index].dayNumber) + 1)
                let base = days[index].dayNumber - index
                let firstListed = table.firstIndex(atOrAfter: days[index].dayNumber)
                var k = firstListed
                let listed = table.dayNumbers
                while k < listed.count, listed[k] - base < end {
                    add(table.answers[k], at: listed[k] - base)
                    k += 1
                }
                if !table.weekly.isEmpty {
                    addWeekly(table, from: index, to: end, base: base, firstListed: firstListed)
                }
                index = end
            } else {
                while index < count, (first...last).contains(days[index].dayNumber) {
                    if let known = table.answer(for: days[index].dayNumber) { add(known, at: index) }
                    index += 1
                }
            }
        }
        result.answered = count
        return result
    }
}
