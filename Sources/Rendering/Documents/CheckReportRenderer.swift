import CalendarCore

/// `check`'s report on standard output, a line a policy file: skipped, not loaded, or its
/// problems with how much was asked and how long it took. Paths are escaped: a file's name is
/// one field of one line whatever it holds.
public enum CheckReportRenderer {
    /// `check policies/*.lua` also matches the tests beside the policies.
    public static func skippedLine(_ path: String) -> String {
        TerminalText.escape("\(path): skipped (a policy test file; run it with 'calpolicy test')")
    }

    public static func cannotLoadLine(_ path: String) -> String {
        TerminalText.escape(path) + ": cannot load"
    }

    /// "ok (N days in N calendars, N calls, 1.2 ms, costliest call under 1% of the instruction
    /// budget)", or "N problems (...)": the line each checked file ends with.
    public static func resultLine(_ path: String, problems: Int, days: Int, calendars: Int, calls: Int, milliseconds: Double,
                                  costliestCall: String?) -> String {
        var summary = "\(days) days in \(calendars) calendars, \(calls) calls, " + formatMilliseconds(milliseconds)
        if let costliestCall { summary += ", costliest call " + costliestCall }
        if problems == 0 { return TerminalText.escape(path) + ": ok (\(summary))" }
        return TerminalText.escape(path) + ": \(problems) problem\(problems == 1 ? "" : "s") (\(summary))"
    }

    /// What an error line does not already say: which question, day and calendar (`dayKnown`:
    /// the error names its day itself).
    public static func problemContext(function: String, day: Day, calendar: CalendarIdentifier, dayKnown: Bool) -> String {
        let calendarNote = calendar == .gregorian ? "" : "calendar \(calendar.rawValue)"
        if dayKnown { return calendarNote.isEmpty ? "" : " (\(calendarNote))" }
        let note = "in \(function) for \(day.iso)" + (calendarNote.isEmpty ? "" : ", " + calendarNote)
        return " (\(note))"
    }

    /// Milliseconds to a tenth: "12.3 ms".
    static func formatMilliseconds(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10) ms"
    }
}

extension CheckReportRenderer {
    /// `--horizon`: a policy whose data (`what`: its coverage, the holiday data it reads, its
    /// data) ends before the horizon.
    public static func shortfallLine(_ path: String, what: String, ends end: Day, horizon: Day) -> String {
        TerminalText.escape("\(path): \(what) ends \(end.iso), before the horizon \(horizon.iso)")
    }

    /// A `holidays:` reference's dates of the coming year that python-holidays only estimates
    /// ("2027-03-09 Eid al-Fitr (estimated)").
    public static func estimatesLine(_ path: String, _ found: [String]) -> String {
        TerminalText.escape("\(path): estimated in the coming year: " + found.joined(separator: ", "))
    }
}
