/// A run of closed time as an export writes it: adjacent closed time merged whatever its
/// reasons (kept in order, each once), so a deploy tool sees one window per freeze.
public struct FreezeWindow: Hashable, Sendable {
    public var start: Int64
    public var end: Int64
    public var reasons: [String]

    public init(start: Int64, end: Int64, reasons: [String]) {
        (self.start, self.end, self.reasons) = (start, end, reasons)
    }

    /// The runs of `pieces` (sorted, as `HoursTimeline.closedPieces` gives them).
    public static func merge(_ pieces: [ClosedSpan]) -> [FreezeWindow] {
        var windows: [FreezeWindow] = []
        for piece in pieces {
            let reason = piece.reason ?? "closed"
            if var last = windows.last, last.end == piece.start {
                last.end = piece.end
                if !last.reasons.contains(reason) { last.reasons.append(reason) }
                windows[windows.count - 1] = last
            } else {
                windows.append(FreezeWindow(start: piece.start, end: piece.end, reasons: [reason]))
            }
        }
        return windows
    }

    /// Cuts windows longer than `limit` seconds into consecutive pieces of at most `limit`,
    /// none shorter than the time it covers: what a cron pair cannot express (an end that
    /// recurs before it is reached) becomes several windows that together close the same time.
    public static func split(_ windows: [FreezeWindow], limit: Int64) -> [FreezeWindow] {
        windows.flatMap { window -> [FreezeWindow] in
            var pieces: [FreezeWindow] = []
            var start = window.start
            while window.end - start > limit {
                pieces.append(FreezeWindow(start: start, end: start + limit, reasons: window.reasons))
                start += limit
            }
            pieces.append(FreezeWindow(start: start, end: window.end, reasons: window.reasons))
            return pieces
        }
    }

    /// The zone a window's cron is written in: `preferred`, unless a DST transition of that zone
    /// lies within three hours of an instant the cron must name (`instants`: the start, and for a
    /// start/end pair the end) — there cron libraries disagree (croniter moves a 02:30 job to 03:00
    /// on the spring-forward day and fires it twice on the fall-back day; the library Argo CD uses
    /// skips it) — then UTC, which has no transitions.
    public static func cronZone(for instants: [Int64], preferred: ZoneWallTime) -> ZoneWallTime {
        for instant in instants where preferred.offset(at: instant - 10_800) != preferred.offset(at: instant + 10_800) {
            return .utc
        }
        return preferred
    }

    /// The window's length on `wall`'s clock: its elapsed seconds plus the change of the zone's
    /// offset between its ends. Argo CD reads a window's cron in UTC shifted by the zone's offset
    /// at the moment it checks (SyncWindow.active), so its `duration` is wall-clock time: a window
    /// written with its elapsed length would end an hour early (spring) or late (autumn) when a
    /// DST change falls inside it. Exact only where the wall clock runs forward through both ends,
    /// which `cronZone` ensures (UTC within three hours of a change).
    public static func wallLength(_ window: FreezeWindow, in wall: ZoneWallTime) -> Int64 {
        window.end - window.start + Int64(wall.offset(at: window.end)) - Int64(wall.offset(at: window.start))
    }

    /// A five-field cron expression firing at `instant` (minute resolution) in `wall`'s zone:
    /// "minute hour day-of-month month *".
    public static func cron(_ instant: Int64, in wall: ZoneWallTime) -> String {
        let day = wall.day(of: instant)
        let local = instant + Int64(wall.offset(at: instant)) - Int64(day.dayNumber) * 86_400
        return "\(local / 60 % 60) \(local / 3600) \(day.day) \(day.month) *"
    }
}
