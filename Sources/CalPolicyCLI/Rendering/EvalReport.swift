import CalendarCore

/// One `eval` result, ready for any renderer: the grids to draw and every day's answers.
struct EvalReport {
    let settings: DisplaySettings
    let policies: [String]
    let span: ResolvedSpan
    let grids: [(month: CalendarMonth, grid: MonthGrid)]
    let days: [DayEvaluation]

    func evaluation(of day: Day) -> DayEvaluation? {
        let index = span.days.first.distance(to: day)
        guard days.indices.contains(index) else { return nil }
        return days[index]
    }
}
