import CalendarCore
import Testing
@testable import PolicyEngine
import CalendarData

/// Closed intervals on the days clocks change, in three zones (Lord Howe shifts by 30 minutes):
/// at every minute of the day and around it, the gate is closed exactly where the wall clock
/// reads a time inside the interval on that day — a wall time the clocks skip never drops the
/// interval, and a repeated hour closes at both of its occurrences.
@Suite struct HoursDSTTests {
    /// Each zone with its 2026 spring-forward and fall-back days.
    static let days: [(zone: String, day: String)] = [
        ("Europe/Berlin", "2026-03-29"), ("Europe/Berlin", "2026-10-25"),
        ("America/New_York", "2026-03-08"), ("America/New_York", "2026-11-01"),
        ("Australia/Lord_Howe", "2026-10-04"), ("Australia/Lord_Howe", "2026-04-05"),
    ]

    static func zone(_ name: String) throws -> ZoneWallTime {
        switch ZoneNames.resolve(name) {
        case .success(let zone): return zone
        case .failure(let problem): throw PolicyError(kind: .io, file: name, message: problem.message)
        }
    }

    /// Whether the wall clock of `zone` at `instant` reads a minute of `day` inside [from, to).
    static func intended(_ instant: Int64, zone: ZoneWallTime, day: Day, from: Int, to: Int) -> Bool {
        let local = instant + Int64(zone.offset(at: instant))
        let minute = Int(local - Int64(day.dayNumber) * 86_400) / 60
        return local >= Int64(day.dayNumber) * 86_400 && minute >= from && minute < to
    }

    /// Every pair of quarter-hour wall times from 00:00 to 04:00 (and 24:00 as an end), on each
    /// transition day: the closed pieces match the wall clock minute by minute.
    @Test(arguments: days.indices)
    func everyIntervalClosesExactlyItsWallMinutes(index: Int) throws {
        let (name, iso) = Self.days[index]
        let zone = try Self.zone(name), day = try Day(iso: iso)
        #expect(zone.offset(at: zone.instant(of: day, minute: 0)) != zone.offset(at: zone.instant(of: day, minute: 1440)),
                "\(name) changes its clocks on \(iso)")
        let marks = Array(stride(from: 0, through: 240, by: 15)) + [1440]
        let start = zone.instant(of: day, minute: 0) - 7_200, end = zone.instant(of: day, minute: 1440) + 7_200
        var failures: [String] = []
        for (i, from) in marks.enumerated() {
            for to in marks[(i + 1)...] {
                let timeline = HoursTimeline(layers: [.init(wall: zone) { asked in
                    asked == day ? [ClosedHours(from: from, to: to, reason: "x")] : []
                }])
                let pieces = try timeline.closedPieces(from: start, to: end)
                var instant = start
                while instant < end {
                    let closed = pieces.contains { $0.start <= instant && instant < $0.end }
                    if closed != Self.intended(instant, zone: zone, day: day, from: from, to: to) {
                        failures.append("\(name) \(iso) \(ClosedHours.wall(from))–\(ClosedHours.wall(to)): "
                                        + "\(zone.iso(instant)) is \(closed ? "closed" : "open")")
                        break
                    }
                    instant += 60
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.count) intervals wrong:\n\(failures.prefix(10).joined(separator: "\n"))")
    }

    /// The attack round's case through the real engine and the gate: cal.closed("02:30", "03:30")
    /// (and one across the whole changed hour) on each transition day leaves no minute open that
    /// the wall clock shows inside it, and the gate says closed there.
    @Test(arguments: days.indices)
    func aLuaPolicysGateIsClosedAtEveryIntendedMinute(index: Int) throws {
        let (name, iso) = Self.days[index]
        let zone = try Self.zone(name), day = try Day(iso: iso)
        var closedMinutes = 0
        for (from, to) in [("02:30", "03:30"), ("01:45", "02:15"), ("02:00", "02:30"), ("01:00", "04:00")] {
            let policy = try PolicyFixture().load("""
                return { zone = '\(name)', hoursFor = function(day)
                  if day.iso == '\(iso)' then return { cal.closed('\(from)', '\(to)', 'maintenance') } end
                end }
                """)
            let timeline = HoursTimeline(stack: PolicyStack([policy]), zone: zone, context: PolicyContext())
            let fromMinute = Int(from.prefix(2))! * 60 + Int(from.suffix(2))!
            let toMinute = Int(to.prefix(2))! * 60 + Int(to.suffix(2))!
            var instant = zone.instant(of: day, minute: 0)
            let end = zone.instant(of: day, minute: 300)
            while instant < end {
                let intended = Self.intended(instant, zone: zone, day: day, from: fromMinute, to: toMinute)
                let state = try timeline.state(at: instant)
                #expect(state.isClosed == intended, "\(name) \(from)–\(to) at \(zone.iso(instant))")
                if intended { closedMinutes += 1 }
                if state.isClosed { #expect(state.closing?.reason == "maintenance") }
                instant += 60
            }
        }
        #expect(closedMinutes >= 165, "\(name) \(iso): the four windows close at least 2 h 45 (a short night)")
    }

    /// 03:15 local on each spring-forward day, under cal.closed("02:30", "03:30"): closed.
    @Test(arguments: [("Europe/Berlin", "2026-03-29T03:15:00+02:00"), ("America/New_York", "2026-03-08T03:15:00-04:00"),
                      ("Australia/Lord_Howe", "2026-10-04T03:15:00+11:00")])
    func quarterPastThreeIsClosed(name: String, at: String) throws {
        let zone = try Self.zone(name)
        let policy = try PolicyFixture().load("""
            return { zone = '\(name)', hoursFor = function(day) return { cal.closed('02:30', '03:30', 'm') } end }
            """)
        let timeline = HoursTimeline(stack: PolicyStack([policy]), zone: zone, context: PolicyContext())
        let day = try Day(iso: String(at.prefix(10)))
        let instant = zone.instant(of: day, minute: 195)
        #expect(zone.iso(instant) == at)
        #expect(try timeline.state(at: instant).isClosed)
    }
}
