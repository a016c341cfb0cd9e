import Foundation

/// Wall time of one IANA zone as instants (seconds since 1970-01-01T00:00:00Z), by the zone
/// database (the system's tzdata, `ZoneRules`): the offset in force comes from the zone's
/// transitions, never from a fixed offset.
///
/// `instant(of:minute:)` turns one wall time into one instant: a wall time that happens twice
/// (the hour repeated when clocks go back) is its first occurrence; one that does not happen
/// (the hour skipped when clocks go forward) is read with the offset before the gap (RFC 5545's
/// rule). Closed intervals are not turned into instants end by end, which could drop or shorten
/// them ("02:30–03:30" on a spring-forward day would be 03:30–03:30): `spans(of:from:to:)`
/// closes exactly the instants whose wall time is inside the interval, both occurrences of a
/// repeated hour included.
public struct ZoneWallTime: Sendable {
    /// The IANA name as asked for ("UTC", "Europe/Berlin").
    public let identifier: String
    private let source: Source

    /// Where the offsets come from: the system's compiled zone file (`ZoneRules`, what
    /// `ZoneDatabase` reads), or Foundation's `TimeZone` (ICU's copy of the database) on a
    /// system without one.
    private enum Source: Sendable {
        case rules(ZoneRules)
        case foundation(TimeZone)
    }

    /// The zone `rules` describe, named `identifier`.
    public init(identifier: String, rules: ZoneRules) {
        (self.identifier, self.source) = (identifier, .rules(rules))
    }

    /// The zone whose offsets Foundation's `TimeZone` gives (ICU's copy of the database), named
    /// `identifier`: CalendarData's `ZoneDatabase` looks the name up, on a system without
    /// `/usr/share/zoneinfo`; here it is arithmetic only.
    public init(identifier: String, foundation zone: TimeZone) {
        (self.identifier, self.source) = (identifier, .foundation(zone))
    }

    public static let utc = ZoneWallTime(identifier: "UTC", rules: .fixed(0))

    /// Seconds east of UTC at an instant.
    public func offset(at instant: Int64) -> Int {
        switch source {
        case .rules(let rules): return rules.offset(at: instant)
        case .foundation(let zone): return zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(instant)))
        }
    }

    /// The instant of `minute` (0...1440) of `day`'s wall clock.
    public func instant(of day: Day, minute: Int) -> Int64 {
        let wall = Int64(day.dayNumber) * 86_400 + Int64(minute) * 60
        // The offsets in force well before and well after: every zone's offset is within ±18 h,
        // and transitions are far more than a day and a half apart.
        let before = offset(at: wall - 64_800), after = offset(at: wall + 64_800)
        // No transition near: the one offset in force (most days; half the zone lookups).
        if before == after { return wall - Int64(before) }
        var best: Int64?
        for candidateOffset in [before, after] {
            let candidate = wall - Int64(candidateOffset)
            if offset(at: candidate) == candidateOffset, best.map({ candidate < $0 }) ?? true { best = candidate }
        }
        return best ?? wall - Int64(before)
    }

    /// The instants whose wall time is in `[from, to)` minutes of `day`, as half-open spans in
    /// ascending order: what a closed interval of `hoursFor` closes, exactly. A wall time the
    /// clocks skip (spring forward) closes from the transition, the first wall time after the
    /// gap, so "02:30–03:30" on Berlin's spring-forward day closes 03:00–03:30 CEST and nothing
    /// the policy meant closed is dropped; wall times that happen twice (fall back) close at both
    /// occurrences, so "01:00–02:30" on Berlin's fall-back day closes 01:00 CEST–02:30 CEST and
    /// again 02:00–02:30 CET. Empty only when every wall time of the interval is skipped.
    public func spans(of day: Day, from: Int, to: Int) -> [(start: Int64, end: Int64)] {
        let dayWall = Int64(day.dayNumber) * 86_400
        let low = dayWall + Int64(from) * 60, high = dayWall + Int64(to) * 60
        guard low < high else { return [] }
        // Every offset is within ±26 h of UTC (TZif allows -89999...93599 s): every instant
        // whose wall time is in [low, high) lies in [low - 93_600, high + 90_000].
        let first = low - 93_600, last = high + 90_000
        var segments: [(start: Int64, offset: Int)] = [(first, offset(at: first))]
        let lastOffset = offset(at: last)
        // Offset changes between first and last, each found by bisection (transitions are rare:
        // most days have none, and the loop ends after the first when the offset is final).
        var guardCount = 0
        while segments[segments.count - 1].offset != lastOffset && guardCount < 8 {
            guardCount += 1
            let current = segments[segments.count - 1]
            var before = current.start, after = last
            while after - before > 1 {
                let middle = before + (after - before) / 2
                if offset(at: middle) == current.offset { before = middle } else { after = middle }
            }
            segments.append((after, offset(at: after)))
        }
        var out: [(start: Int64, end: Int64)] = []
        for (index, segment) in segments.enumerated() {
            let segmentEnd = index + 1 < segments.count ? segments[index + 1].start : Int64.max
            let start = max(low - Int64(segment.offset), index == 0 ? Int64.min : segment.start)
            let end = min(high - Int64(segment.offset), segmentEnd)
            guard start < end else { continue }
            if let previous = out.last, previous.end >= start {
                out[out.count - 1].end = max(previous.end, end)
            } else {
                out.append((start, end))
            }
        }
        return out
    }

    /// The wall-clock day holding an instant.
    public func day(of instant: Int64) -> Day {
        let local = instant + Int64(offset(at: instant))
        return Day(dayNumber: Int(local >= 0 ? local / 86_400 : (local - 86_399) / 86_400))
    }

    /// ISO 8601 with the zone's offset at that instant: "2026-12-24T13:05:00+01:00".
    public func iso(_ instant: Int64) -> String {
        let offset = self.offset(at: instant)
        let local = instant + Int64(offset)
        let dayNumber = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
        let seconds = Int(local - dayNumber * 86_400)
        let day = Day(dayNumber: Int(dayNumber))
        func two(_ value: Int) -> String { (value < 10 ? "0" : "") + String(value) }
        let sign = offset < 0 ? "-" : "+"
        let magnitude = abs(offset)
        var text = day.iso + "T" + two(seconds / 3600) + ":" + two(seconds / 60 % 60) + ":" + two(seconds % 60)
        text += sign + two(magnitude / 3600) + ":" + two(magnitude / 60 % 60)
        return text
    }
}
