import CalendarCore
import PolicyEngine

/// `select` output: each tap with its outcome, then the final selection.
public enum SelectRenderer {
    public static func json(mode: SelectionMode, selection: [Day], pending: Day?, taps: [TapResult]) -> String {
        JSONWriter.write(.object([
            ("mode", .string(mode.rawValue)),
            ("selection", .array(selection.map { .string($0.iso) })),
            ("pending", .optional(pending?.iso)),
            ("taps", .rows(taps.map { tap in
                .object([
                    ("date", .string(tap.day.iso)),
                    ("accepted", .bool(tap.accepted)),
                    ("reason", .optional(tap.reason)),
                    ("policy", .optional(tap.policy)),
                    ("deniedDay", .optional(tap.deniedDay?.iso)),
                    ("leftOut", .array(tap.leftOut.map { .string($0.iso) })),
                ])
            })),
        ]))
    }

    public static func text(mode: SelectionMode, selection: [Day], pending: Day?, taps: [TapResult]) -> String {
        var out = ""
        for tap in taps {
            var line = tap.day.iso + "  " + outcome(tap)
            if let reason = tap.reason { line += "  " + reason }
            if let policy = tap.policy { line += " (\(policy))" }
            if !tap.leftOut.isEmpty { line += "  left out: " + tap.leftOut.map(\.iso).joined(separator: ", ") }
            out += TerminalText.escape(line) + "\n"
        }
        out += "selection (\(mode.rawValue)): " + describe(selection) + "\n"
        if let pending { out += "pending: \(pending.iso)\n" }
        return out
    }

    /// `accepted`, `deselected` (an accepted tap that took its day out of the selection: a
    /// re-tap in multiple mode, a tap inside a week or month that clears it) or `rejected`.
    static func outcome(_ tap: TapResult) -> String {
        guard tap.accepted else { return "rejected" }
        return tap.selection.contains(tap.day) || tap.pending == tap.day ? "accepted" : "deselected"
    }

    /// Consecutive days read as ranges: `2026-12-21...2026-12-23, 2026-12-28`.
    public static func describe(_ days: [Day]) -> String {
        guard !days.isEmpty else { return "none" }
        var parts: [String] = []
        var start = days[0]
        var previous = days[0]
        for day in days.dropFirst() + [Day(dayNumber: Int.min / 2)] {
            if day.dayNumber == previous.dayNumber + 1 { previous = day; continue }
            parts.append(start == previous ? start.iso : "\(start.iso)...\(previous.iso)")
            start = day
            previous = day
        }
        return parts.joined(separator: ", ") + " (\(days.count) day\(days.count == 1 ? "" : "s"))"
    }
}
