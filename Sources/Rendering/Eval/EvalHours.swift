import CalendarCore

/// The closed time of each day of a span, in the stack's zone: a day is `[00:00, 24:00)` of
/// its wall clock there, and its pieces are the stack's closed time within it, each with the
/// first closing policy's reason (`HoursTimeline.closedPieces`), exactly what `gate` answers
/// at any instant of it.
public struct EvalHours {
    public let zone: ZoneWallTime
    /// `days[i]` belongs to the span's i-th day.
    public let days: [[ClosedSpan]]

    public init(zone: ZoneWallTime, days: [[ClosedSpan]]) {
        (self.zone, self.days) = (zone, days)
    }

    /// Closed for part of the day only (neither open all day nor closed from start to end).
    public func isPartlyClosed(_ index: Int, day: Day) -> Bool {
        guard days.indices.contains(index), !days[index].isEmpty else { return false }
        let start = zone.instant(of: day, minute: 0), end = zone.instant(of: day, minute: 1440)
        var covered: Int64 = 0
        for piece in days[index] { covered += piece.end - piece.start }
        return covered < end - start
    }

    /// Closed from the day's first instant to its last: every hour of it (a day `canSelect`
    /// denies is drawn as denied, not here).
    public func isClosedAllDay(_ index: Int, day: Day) -> Bool {
        guard days.indices.contains(index), !days[index].isEmpty else { return false }
        let start = zone.instant(of: day, minute: 0), end = zone.instant(of: day, minute: 1440)
        var covered: Int64 = 0
        for piece in days[index] { covered += piece.end - piece.start }
        return covered >= end - start
    }

    /// The span's closed time as runs: adjacent pieces merged whatever their reasons (each
    /// once, in order), as a deploy tool and `gate`'s "until" see it.
    public var runs: [FreezeWindow] { FreezeWindow.merge(days.flatMap { $0 }) }

    /// A run as legend text: "2026-12-18 Fri 15:00 – 2027-01-04 Mon 09:00 Europe/Berlin".
    public func runText(_ run: FreezeWindow, weekdayName: (Day) -> String) -> String {
        func end(_ instant: Int64) -> String {
            let day = zone.day(of: instant)
            return day.iso + " " + weekdayName(day) + " " + String(zone.iso(instant).dropFirst(11).prefix(5))
        }
        return end(run.start) + " – " + end(run.end) + " " + zone.identifier
    }

    /// A partly closed day's pieces as legend text in the zone's wall time:
    /// "closed 15:00–24:00: no Friday deploys; 00:00–09:00: outside deploy hours".
    public func legendText(_ index: Int, day: Day) -> String? {
        guard isPartlyClosed(index, day: day) else { return nil }
        let start = zone.instant(of: day, minute: 0)
        let parts = days[index].map { piece -> String in
            let from = wallText(piece.start, day: day, dayStart: start)
            let to = wallText(piece.end, day: day, dayStart: start)
            return from + "–" + to + (piece.reason.map { ": " + $0 } ?? "")
        }
        var text = "closed "
        for (position, part) in parts.enumerated() { text += (position == 0 ? "" : "; ") + part }
        return text
    }

    /// "HH:MM" of an instant on `day`'s wall clock; the next midnight is "24:00".
    private func wallText(_ instant: Int64, day: Day, dayStart: Int64) -> String {
        if instant > dayStart, zone.day(of: instant) != day { return "24:00" }
        let iso = zone.iso(instant)
        let time = iso.dropFirst(11).prefix(5)
        return String(time)
    }

    /// A day's pieces as JSON: `[{"from", "to", "reason", "policy"}]`, instants with the zone's offset.
    public func json(_ index: Int, report: EvalReport) -> JSONValue {
        guard days.indices.contains(index) else { return .array([]) }
        return .array(days[index].map { piece in
            .object([
                ("from", .string(zone.iso(piece.start))),
                ("to", .string(zone.iso(piece.end))),
                ("reason", piece.reason.map(JSONValue.string) ?? .null),
                ("policy", report.identity(piece.policyIndex, name: nil).map(JSONValue.string) ?? .null),
            ])
        })
    }
}
