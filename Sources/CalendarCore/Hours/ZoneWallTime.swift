import Foundation

/// Wall time of one IANA zone as instants (seconds since 1970-01-01T00:00:00Z), by the zone
/// database (the system's tzdata, `ZoneRules`): the offset in force comes from the zone's
/// transitions, never from a fixed offset.
///
/// A wall time that happens twice (the hour repeated when clocks go back) is its first
/// occurrence; one that does not happen (the hour skipped when clocks go forward) is read with
/// the offset before the gap, so it lands as far after the transition as it was after the last
/// valid wall time — RFC 5545's rule, so the ICS export and `gate` agree. Hence in Europe/Berlin
/// "01:30–03:00" lasts 30 minutes on the spring-forward day and 2 h 30 on the fall-back day, and
/// "02:15–02:45" on the spring-forward day is 03:15–03:45 CEST.
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

    /// The zone of that IANA name in ICU's copy of the database (Foundation's `TimeZone`), nil
    /// when it has none; for a system without `/usr/share/zoneinfo`. Foundation's first zone
    /// costs a process about 500,000 instructions.
    public init?(icuIdentifier identifier: String) {
        guard let zone = TimeZone(identifier: identifier) else { return nil }
        (self.identifier, self.source) = (identifier, .foundation(zone))
    }

    /// The name ICU knows the zone by, when it comes from ICU (Foundation calls UTC "GMT").
    public var icuIdentifier: String? {
        if case .foundation(let zone) = source { return zone.identifier }
        return nil
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
