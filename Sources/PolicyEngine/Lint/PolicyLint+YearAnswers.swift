import CalendarCore

extension PolicyLint {
    /// `answersForYear` is an accelerator: `eval`, `export`, feeds and the month routes read it,
    /// while `gate`, `select`, `explain` and `test` ask `canSelect` and `decorationFor` day by day.
    /// An edit to one and not the other makes the two paths disagree — a month view showing a
    /// day open that the gate refuses. Asked both ways over the linted year, the first day they
    /// differ is a finding at `answersForYear`'s line.
    static func yearAnswerFindings(policy: LuaPolicy, today: Day, context: PolicyContext,
                                   place: (Int?, String) -> LintFinding) -> [LintFinding] {
        guard policy.answersByYear else { return [] }
        let asked = (0..<days).map { today.adding(days: $0) }
        let questions = Array(repeating: DayQuestions(canSelect: true, canDeselect: false, decoration: true), count: asked.count)
        let byYear = policy.yearAnswers(questions, for: asked, context: context)
        let byDay = policy.dayAnswers(questions, for: asked, context: context)
        // A failing function is the other checks' finding (and `check`'s error), not a disagreement.
        guard byYear.failure == nil, byDay.failure == nil else { return [] }
        for (index, (year, day)) in zip(byYear.answers, byDay.answers).enumerated()
        where year.select != day.select || year.decoration != day.decoration {
            let what = year.select != day.select ? "\(describe(year.select)) by year, \(describe(day.select)) by canSelect"
                : "decoration \(describe(year.decoration)) by year, \(describe(day.decoration)) by decorationFor"
            return [place(policy.lines[.answersForYear],
                          "answersForYear disagrees with the day-by-day functions on \(asked[index].iso) (\(what)): "
                          + "eval and the month view would show what gate and explain do not; keep them reading one table")]
        }
        return []
    }

    static func describe(_ verdict: Verdict) -> String {
        switch verdict {
        case .allowed: "selectable"
        case .denied(let reason?): "refused (\(reason))"
        case .denied(nil): "refused"
        }
    }

    static func describe(_ decoration: Decoration?) -> String {
        guard let decoration else { return "none" }
        return decoration.label.map { "'\($0)'" } ?? "unlabelled"
    }
}
