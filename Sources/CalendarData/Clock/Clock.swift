import CalendarCore
import Foundation
import Glibc

/// The one source of civil time: now, and today in a zone. Both faces and their log timestamps
/// read the clock here and nowhere else (`scripts/checks/architecture.sh` holds every other module
/// to it); everything below takes `today` or an instant as an argument, so a fixed `--today` or
/// `--now` reaches every layer the same way. Deadlines and durations read `CLOCK_MONOTONIC`
/// where they are, which is not civil time.
public struct Clock: Sendable {
    /// The zone today is asked in; nil is the process's local zone (`TZ`, `/etc/localtime`), as
    /// the command line's today has always been.
    public let zone: ZoneWallTime?

    public init(zone: ZoneWallTime? = nil) { self.zone = zone }

    /// The clock of a zone name (`--time-zone`); a name the database does not know is UTC (the
    /// server's arguments refuse such a name before any clock is made).
    public init(zoneNamed name: String) { zone = ZoneDatabase.zone(named: name) ?? .utc }

    /// The process's local zone.
    public static let local = Clock()

    /// The current instant, seconds since the epoch (read once per question).
    public func now() -> Int64 { Self.realtime().seconds }

    /// Today's civil date in this clock's zone.
    public func today() -> Day {
        let now = Self.realtime().seconds
        if let zone { return zone.day(of: now) }
        var seconds = time_t(now)
        var parts = tm()
        guard localtime_r(&seconds, &parts) != nil,
              let day = try? Day(year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1,
                                 day: Int(parts.tm_mday))
        else { return Day(dayNumber: Int(now) / 86_400) }
        return day
    }

    /// Now as Foundation's `Date`, for a timestamp a formatter writes (a status page's
    /// `startedAt`).
    public static func date() -> Date {
        let now = realtime()
        return Date(timeIntervalSince1970: Double(now.seconds) + Double(now.nanoseconds) / 1e9)
    }

    /// Now in UTC to the millisecond, `2026-12-06T07:15:00.123Z`: every log line's timestamp.
    public static func timestamp() -> String {
        let now = realtime()
        return timestamp(seconds: now.seconds, nanoseconds: now.nanoseconds)
    }

    /// `timestamp()` of an instant (seconds since 1970 and the nanoseconds past them).
    static func timestamp(seconds: Int64, nanoseconds: Int) -> String {
        // The civil date by arithmetic (days since 1970): glibc's `gmtime_r` went through its
        // time-zone machinery (a lock, `__offtime`) for UTC, which needs none of it.
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let daySeconds = Int(seconds - days * 86_400)
        let (year, month, day) = GregorianMath.civil(from: Int(days))
        let (hour, minute, second) = (daySeconds / 3600, daySeconds % 3600 / 60, daySeconds % 60)
        let millis = nanoseconds / 1_000_000
        guard (0...9999).contains(year), (0...999).contains(millis) else {
            return String(format: "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", year, month, day, hour, minute, second, millis)
        }
        // The digits written by hand: `String(format:)` went through Foundation's CFString
        // formatter and was a tenth of a logged decision's time.
        return String(unsafeUninitializedCapacity: 24) { out in
            // A countdown, not a `stride`: its generic index cost more than the digits.
            func put(_ value: Int, _ width: Int, at start: Int) {
                var rest = value, index = start + width
                while index > start {
                    index -= 1
                    out[index] = UInt8(truncatingIfNeeded: 0x30 + rest % 10)
                    rest /= 10
                }
            }
            put(year, 4, at: 0); out[4] = UInt8(ascii: "-")
            put(month, 2, at: 5); out[7] = UInt8(ascii: "-")
            put(day, 2, at: 8); out[10] = UInt8(ascii: "T")
            put(hour, 2, at: 11); out[13] = UInt8(ascii: ":")
            put(minute, 2, at: 14); out[16] = UInt8(ascii: ":")
            put(second, 2, at: 17); out[19] = UInt8(ascii: ".")
            put(millis, 3, at: 20); out[23] = UInt8(ascii: "Z")
            return 24
        }
    }

    /// A point `seconds` from now as `NSCondition.wait(until:)` takes it (its only form of a
    /// deadline); the wait's own loop measures the time left on the monotonic clock.
    public static func conditionDeadline(after seconds: Double) -> Date { date().addingTimeInterval(seconds) }

    /// The instant now in seconds with its fraction (`gate --wait`: a deadline of "1s" is one
    /// second, not up to two).
    public func preciseNow() -> Double {
        let now = Self.realtime()
        return Double(now.seconds) + Double(now.nanoseconds) / 1e9
    }

    private static func realtime() -> (seconds: Int64, nanoseconds: Int) {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return (Int64(now.tv_sec), now.tv_nsec)
    }
}
