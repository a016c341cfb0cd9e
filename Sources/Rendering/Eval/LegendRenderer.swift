import CalendarCore
import PolicyEngine

/// The legend under a text calendar: one line per decorated or denied day, with its
/// label or reason (and, with `--verbose`, the policy that decided).
struct LegendRenderer {
    let report: EvalReport
    let verbose: Bool

    static func mark(for result: DayEvaluation) -> String {
        switch (result.decoration != nil, result.isDenied) {
        case (true, true): return "#"
        case (true, false): return "*"
        case (false, true): return "!"
        case (false, false): return " "
        }
    }

    func render() -> String {
        let marked = report.days.filter(\.isMarked)
        guard !marked.isEmpty else { return "" }
        let symbols = report.settings.names.weekdaySymbols(style: .short)
        var out = "* decorated  ! denied  # both\n"
        for result in marked {
            let weekday = symbols.indices.contains(result.day.weekday - 1) ? symbols[result.day.weekday - 1] : ""
            out += LegendRenderer.mark(for: result) + " " + result.day.iso + " " + DisplayWidth.fit(weekday, width: 4)
                + " " + TerminalText.escape(text(for: result)) + "\n"
        }
        return out
    }

    /// The decoration's label, then the denial, separated by "; " (appended, not joined:
    /// see TextCalendarRenderer.render).
    private func text(for result: DayEvaluation) -> String {
        var text = ""
        if let decoration = result.decoration {
            text += decoration.label ?? "decorated"
            if verbose, let policy = result.decorationPolicy { text += " [\(policy)]" }
        }
        if result.isDenied {
            if result.decoration != nil { text += "; " }
            let reason = result.select.verdict.reason
            if reason == nil || reason != result.decoration?.label || verbose {
                text += "denied" + (reason.map { ": " + $0 } ?? "")
                if verbose, let policy = result.select.policy { text += " [\(policy)]" }
            } else {
                text += "denied"
            }
        }
        return text
    }
}
