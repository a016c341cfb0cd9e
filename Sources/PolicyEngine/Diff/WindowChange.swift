import CalendarCore

/// One run of closed time (`FreezeWindow`: adjacent closed time merged) that two versions of a
/// policy disagree on: moved (a window of the old version overlapping one of the new whose
/// start, end or reasons differ), removed, or added. What `diff` shows for freezes written in
/// hours, which leave every day's `canSelect` answer alone.
public struct WindowChange: Hashable, Sendable {
    public var old: FreezeWindow?
    public var new: FreezeWindow?

    public init(old: FreezeWindow?, new: FreezeWindow?) { (self.old, self.new) = (old, new) }

    /// The windows only one side has, an old one paired with the first new one it overlaps
    /// (each used once), in start order.
    public static func between(_ old: [FreezeWindow], _ new: [FreezeWindow]) -> [WindowChange] {
        let oldSet = Set(old), newSet = Set(new)
        let removed = old.filter { !newSet.contains($0) }
        var added = new.filter { !oldSet.contains($0) }
        var changes: [WindowChange] = []
        for window in removed {
            if let match = added.firstIndex(where: { $0.start < window.end && window.start < $0.end }) {
                changes.append(WindowChange(old: window, new: added.remove(at: match)))
            } else {
                changes.append(WindowChange(old: window, new: nil))
            }
        }
        changes += added.map { WindowChange(old: nil, new: $0) }
        return changes.sorted { ($0.old ?? $0.new!).start < ($1.old ?? $1.new!).start }
    }

    /// "2026-12-18 15:00 – 2027-01-04 09:00: start moved 15:00 → 12:00 on 2026-12-18", "window
    /// removed: …", "window added: …", in `zone`'s wall time.
    public func description(in zone: ZoneWallTime) -> String {
        func wall(_ instant: Int64) -> (day: String, time: String) {
            let iso = zone.iso(instant)
            return (String(iso.prefix(10)), String(iso.dropFirst(11).prefix(5)))
        }
        func range(_ window: FreezeWindow) -> String {
            let from = wall(window.start), to = wall(window.end)
            return "\(from.day) \(from.time) – \(to.day) \(to.time)"
        }
        func reasons(_ window: FreezeWindow) -> String {
            var text = ""
            for (position, reason) in window.reasons.enumerated() { text += (position == 0 ? "" : "; ") + reason }
            return text
        }
        func moved(_ what: String, _ before: Int64, _ after: Int64) -> String {
            let a = wall(before), b = wall(after)
            return a.day == b.day ? "\(what) moved \(a.time) → \(b.time) on \(a.day)"
                                  : "\(what) moved \(a.day) \(a.time) → \(b.day) \(b.time)"
        }
        switch (old, new) {
        case let (old?, new?):
            var parts: [String] = []
            if old.start != new.start { parts.append(moved("start", old.start, new.start)) }
            if old.end != new.end { parts.append(moved("end", old.end, new.end)) }
            if old.reasons != new.reasons { parts.append("reason '\(reasons(old))' → '\(reasons(new))'") }
            var text = range(old) + ": "
            for (position, part) in parts.enumerated() { text += (position == 0 ? "" : "; ") + part }
            return text
        case let (old?, nil): return "window removed: " + range(old) + " (" + reasons(old) + ")"
        case let (nil, new?): return "window added: " + range(new) + " (" + reasons(new) + ")"
        case (nil, nil): return ""
        }
    }
}
