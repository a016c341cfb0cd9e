import Glibc
import CalendarCore

/// The one place calpolicy reads the clock: today's civil date in the local time zone.
/// Everything below the CLI takes `today` as an argument.
public enum WallClock {
    public static func today() -> Day {
        var now = time(nil)
        var parts = tm()
        guard localtime_r(&now, &parts) != nil,
              let day = try? Day(year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1,
                                 day: Int(parts.tm_mday))
        else {
            return Day(dayNumber: Int(now) / 86_400)
        }
        return day
    }

    /// The current instant, seconds since the epoch (`gate --now`: read once).
    public static func now() -> Int64 { Int64(time(nil)) }
}
