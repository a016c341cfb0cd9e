import CalendarCore
import PolicyEngine

/// The legend under a text calendar. `short` (the default) gives one line per run of
/// consecutive days with the same outcome and one line for plain weekends; `full` one line
/// per decorated, denied or undeselectable day, with its label or reason (and, with
/// `--verbose`, the policy that decided); `none` nothing.
struct LegendRenderer {
    let report: EvalReport
    let verbose: Bool
    var style: LegendStyle = .short

    /// Weekend days that share one outcome are summarised when more than this many.
    static let weekendSummaryMinimum = 2

    /// A day closed all day by hours is as closed as a denied one: never drawn blank or `*`.
    static func mark(for result: DayEvaluation, partlyClosed: Bool = false, closedAllDay: Bool = false) -> String {
        switch (result.decoration != nil, result.isDenied) {
        case (true, true): return "#"
        case (false, true): return "!"
        case (true, false) where closedAllDay: return "#"
        case (false, false) where closedAllDay: return "x"
        case (_, false) where result.isDeselectDenied: return "~"
        case (true, false): return "*"
        case (false, false): return partlyClosed ? "%" : " "
        }
    }

    private func mark(for result: DayEvaluation) -> String {
        LegendRenderer.mark(for: result, partlyClosed: report.isPartlyClosed(result.day),
                            closedAllDay: report.isClosedAllDay(result.day))
    }

    func render() -> String {
        guard style != .none else { return "" }
        // Runs of closed time that hold a whole day the policies do not deny: one line each,
        // with their hours and zone; the days they cover need no line of their own.
        let (runLines, coveredByRuns) = closedRuns()
        let marked = report.days.filter {
            $0.isMarked || (report.isPartlyClosed($0.day) && !coveredByRuns.contains($0.day))
        }
        guard !marked.isEmpty || !runLines.isEmpty else { return "" }
        var out = "* decorated  ! denied  # both"
        if marked.contains(where: \.isDeselectDenied) { out += "  ~ may not be deselected" }
        if !runLines.isEmpty { out += "  x closed all day" }
        if report.days.contains(where: { report.isPartlyClosed($0.day) }) { out += "  % partly closed" }
        out += "\n"
        out += runLines
        switch style {
        case .full:
            for result in marked {
                out += mark(for: result) + " " + result.day.iso + " "
                    + DisplayWidth.fit(weekdayName(result.day), width: 4) + " "
                    + TerminalText.escape(text(for: result)) + "\n"
            }
        case .short:
            out += shortLines(marked)
        case .none:
            break
        }
        return out
    }

    /// Each run of closed time holding at least one day closed all day by hours and not denied:
    /// "x 2026-12-18 Fri 15:00 – 2027-01-04 Mon 09:00 Europe/Berlin  Year-end change freeze",
    /// and the days (not otherwise marked) it covers.
    private func closedRuns() -> (String, Set<Day>) {
        guard let hours = report.hours else { return ("", []) }
        let wholeDays = report.days.filter { !$0.isDenied && report.isClosedAllDay($0.day) }.map(\.day)
        guard !wholeDays.isEmpty else { return ("", []) }
        // Runs, whole days and each day's pieces all come in time order, and runs never overlap:
        // one cursor each keeps both passes linear (a search per run and per piece was quadratic,
        // minutes for 300 years of deploy hours).
        var out = ""
        var listed: [FreezeWindow] = []
        var whole = 0
        for run in hours.runs {
            let first = hours.zone.day(of: run.start), last = hours.zone.day(of: run.end - 1)
            while whole < wholeDays.count, wholeDays[whole] < first { whole += 1 }
            guard whole < wholeDays.count, wholeDays[whole] <= last else { continue }
            listed.append(run)
            var reasons = ""
            for (position, reason) in run.reasons.enumerated() { reasons += (position == 0 ? "" : "; ") + reason }
            out += "x " + TerminalText.escape(hours.runText(run, weekdayName: { weekdayName($0) }))
                + "  " + TerminalText.escape(reasons) + "\n"
        }
        // A day needs no line of its own when every piece of its closed time is in a listed run
        // (a Monday closed until 08:00 by the weekend's run and again from 18:00 keeps its line).
        var covered = Set<Day>()
        let first = report.span.days.first
        var run = 0
        for result in report.days where !result.isMarked {
            let index = first.distance(to: result.day)
            let pieces = hours.days.indices.contains(index) ? hours.days[index] : []
            guard !pieces.isEmpty else { continue }
            var inside = true
            for piece in pieces {
                while run < listed.count, listed[run].end <= piece.start { run += 1 }
                if run == listed.count || listed[run].start > piece.start || piece.end > listed[run].end { inside = false }
            }
            if inside { covered.insert(result.day) }
        }
        return (out, covered)
    }

    private func weekdayName(_ day: Day) -> String { weekdayName(day.weekday) }

    /// The short name of a weekday, 1 = Sunday.
    private func weekdayName(_ weekday: Int) -> String {
        let symbols = report.settings.names.weekdaySymbols(style: .short)
        return symbols.indices.contains(weekday - 1) ? symbols[weekday - 1] : ""
    }

    /// One marked day's legend entry: its mark and text; days with equal entries share a line.
    /// A text naming its own day (`2026-12-05 is a weekend day`) says "the day" instead, so
    /// such days can share a line too.
    private struct Entry: Hashable {
        let mark: String
        let text: String
    }

    static let ownDay = "the day"

    private func shortLines(_ marked: [DayEvaluation]) -> String {
        let texts = marked.map { text(for: $0) }
        let entries = zip(marked, texts).map { result, text in
            Entry(mark: mark(for: result),
                  text: text.replacingAll(result.day.iso, with: LegendRenderer.ownDay))
        }
        // Plain weekends: the commonest undecorated entry among Saturdays and Sundays that no
        // weekday has (a blackout over whole weeks stays one run).
        var weekendCounts: [Entry: Int] = [:]
        var weekdayEntries: Set<Entry> = []
        for (result, entry) in zip(marked, entries) {
            if !isWeekend(result.day) {
                weekdayEntries.insert(entry)
            } else if result.decoration == nil {
                weekendCounts[entry, default: 0] += 1
            }
        }
        let weekend = weekendCounts
            .filter { $0.value > LegendRenderer.weekendSummaryMinimum && !weekdayEntries.contains($0.key) }
            .max { $0.value != $1.value ? $0.value < $1.value : $0.key.text > $1.key.text }?.key
        var out = ""
        if let weekend {
            let days = zip(marked, entries).filter { isWeekend($0.0.day) && $0.0.decoration == nil && $0.1 == weekend }
            let weekdays = Set(days.map { $0.0.day.weekday })
            let names = [7, 1].filter(weekdays.contains).map { weekdayName($0) }
            out += weekend.mark + " "
            for (position, name) in names.enumerated() { out += (position == 0 ? "" : ", ") + name }
            out += "  " + TerminalText.escape(weekend.text)
                + " (\(days.count) weekend days)\n"
        }
        var index = 0
        while index < marked.count {
            let entry = entries[index]
            if let weekend, entry == weekend, isWeekend(marked[index].day), marked[index].decoration == nil {
                index += 1
                continue
            }
            var end = index
            while end + 1 < marked.count, entries[end + 1] == entry,
                  marked[end + 1].day == marked[end].day.adding(days: 1),
                  !(entry == weekend && isWeekend(marked[end + 1].day) && marked[end + 1].decoration == nil) {
                end += 1
            }
            let first = marked[index].day
            let last = marked[end].day
            if first == last {
                out += entry.mark + " " + first.iso + " " + DisplayWidth.fit(weekdayName(first), width: 4) + " "
                    + TerminalText.escape(texts[index]) + "\n"
            } else {
                out += entry.mark + " " + runText(first, last) + "  " + TerminalText.escape(entry.text) + "\n"
            }
            index = end + 1
        }
        return out
    }

    private func isWeekend(_ day: Day) -> Bool { day.weekday == 1 || day.weekday == 7 }

    /// `2026-12-24 Thu – 2026-12-31 Thu` (`DayRange`): each end a whole date with its weekday.
    func runText(_ first: Day, _ last: Day) -> String {
        DayRange.text(first, last, weekdayName: weekdayName)
    }

    /// The decoration's label, then the denial, then a refused deselection, separated by
    /// "; " (appended, not joined: see TextCalendarRenderer.render).
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
        if result.isDeselectDenied {
            if !text.isEmpty { text += "; " }
            text += "may not be deselected" + (result.deselect.verdict.reason.map { ": " + $0 } ?? "")
            if verbose, let policy = result.deselect.policy { text += " [\(policy)]" }
        }
        if let hours = report.hours, !result.isDenied,
           let closed = hours.legendText(report.span.days.first.distance(to: result.day), day: result.day) {
            if !text.isEmpty { text += "; " }
            text += closed
        }
        return text
    }
}
