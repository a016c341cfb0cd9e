import CalendarCore
import PolicyEngine

/// `diff` output: every day two versions of a policy disagree on.
public enum DiffRenderer {
    private static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]

    /// Grouped by month: a `YYYY-MM` heading, then one line per changed day. Linear in the
    /// number of changes: each month's run is found once (changes come in date order).
    /// `breaks` (`diff --selections`): beside each changed day, the stored selections it breaks,
    /// and after the count how many selections that is.
    public static func text(_ diff: PolicyDiff, breaks: (byDay: [Day: [String]], selections: Int)? = nil) -> String {
        var out = "--- " + TerminalText.escape(diff.old) + "\n+++ " + TerminalText.escape(diff.new) + "\n"
        for (heading, month) in diff.monthRuns {
            let count = month.count
            out += "\(heading) (\(count) day\(count == 1 ? "" : "s"))\n"
            for change in month {
                let weekday = weekdays[(change.day.weekday - 1) % 7]
                out += TerminalText.escape("  \(change.day.iso) \(weekday): \(change.description)")
                if let ids = breaks?.byDay[change.day] { out += TerminalText.escape("  breaks " + ids.joined(separator: ", ")) }
                out += "\n"
            }
        }
        if !diff.windows.isEmpty {
            let count = diff.windows.count
            out += "closed time in \(diff.zone.identifier) (\(count) window\(count == 1 ? "" : "s"))\n"
            for window in diff.windows { out += TerminalText.escape("  " + window.description(in: diff.zone)) + "\n" }
        }
        let count = diff.changes.count
        let windows = diff.windows.count
        let span = "(\(diff.span.first.iso) to \(diff.span.last.iso))"
        if diff.isEmpty {
            out += "no differences " + span
        } else if windows == 0 {
            out += "\(count) day\(count == 1 ? " differs" : "s differ") " + span
        } else {
            out += "\(count) day\(count == 1 ? " differs" : "s differ"), \(windows) window\(windows == 1 ? "" : "s") of closed time "
                + span
        }
        if let breaks {
            out += "\n\(breaks.selections) stored selection\(breaks.selections == 1 ? "" : "s") broken"
        }
        return out + "\n"
    }

    /// `{"old", "new", "from", "to", "changes": [{"date", "fields", "old", "new"}]}`, one change per line.
    /// With `breaks`: `brokenSelections` after `to`, and each change's `breaks` (ids). When the
    /// versions' closed time differs: `timeZone` and `windows` (`[{"change", "old", "new"}]`, each
    /// window `{"from", "to", "reasons"}` with offsets, `null` on the side that lacks it).
    public static func json(_ diff: PolicyDiff, breaks: (byDay: [Day: [String]], selections: Int)? = nil) -> String {
        func window(_ window: FreezeWindow?) -> JSONValue {
            guard let window else { return .null }
            return .object([("from", .string(diff.zone.iso(window.start))), ("to", .string(diff.zone.iso(window.end))),
                            ("reasons", .array(window.reasons.map(JSONValue.string)))])
        }
        let windows: [(String, JSONValue)] = diff.windows.isEmpty ? [] : [
            ("timeZone", .string(diff.zone.identifier)),
            ("windows", .array(diff.windows.map { change in
                .object([("change", .string(change.description(in: diff.zone))), ("old", window(change.old)),
                         ("new", window(change.new))])
            })),
        ]
        return JSONRecordDocument.write(fields: [
            ("old", .string(diff.old)),
            ("new", .string(diff.new)),
            ("from", .string(diff.span.first.iso)),
            ("to", .string(diff.span.last.iso)),
        ] + (breaks.map { [("brokenSelections", JSONValue.int($0.selections))] } ?? []) + windows,
        listKey: "changes", records: diff.changes.map { change in
            .object([
                ("date", .string(change.day.iso)),
                ("fields", .array(change.fields.map(JSONValue.string))),
                ("old", change.old.map(JSONValue.record) ?? .null),
                ("new", change.new.map(JSONValue.record) ?? .null),
            ] + (breaks.map { [("breaks", JSONValue.array(($0.byDay[change.day] ?? []).map(JSONValue.string)))] } ?? []))
        })
    }
}

extension PolicyDiff {
    /// The changes grouped by Gregorian month (`YYYY-MM`), in date order: each month's run is
    /// found once, so grouping is linear in the number of changes. Both diff documents (text
    /// and HTML) draw a heading per run.
    public var monthRuns: [(heading: Substring, changes: ArraySlice<DayChange>)] {
        var runs: [(heading: Substring, changes: ArraySlice<DayChange>)] = []
        var start = changes.startIndex
        while start < changes.endIndex {
            let heading = changes[start].day.iso.prefix(7)
            var end = changes.index(after: start)
            while end < changes.endIndex && changes[end].day.iso.prefix(7) == heading { end = changes.index(after: end) }
            runs.append((heading, changes[start..<end]))
            start = end
        }
        return runs
    }
}
