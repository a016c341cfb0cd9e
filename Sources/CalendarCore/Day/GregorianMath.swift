/// Proleptic Gregorian civil-date arithmetic on plain integers.
///
/// Grids, spans and weekdays are computed here rather than through Foundation's
/// `Calendar`, which costs 30–80× more per day and needs a time zone to turn a
/// date into an instant. The day number counts days from 1970-01-01 (day 0), the
/// same epoch as Unix time, so it round-trips with `Date` in UTC. The algorithms
/// are Howard Hinnant's `days_from_civil` / `civil_from_days`.
public enum GregorianMath {
    /// Day number of a proleptic Gregorian date; month and day are not validated.
    @inlinable
    public static func dayNumber(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// Year, month and day of a day number.
    @inlinable
    public static func civil(from dayNumber: Int) -> (year: Int, month: Int, day: Int) {
        let z = dayNumber + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        let y = yoe + era * 400
        return (m <= 2 ? y + 1 : y, m, d)
    }

    /// Weekday of a day number, 1 = Sunday … 7 = Saturday (Foundation's numbering).
    @inlinable
    public static func weekday(of dayNumber: Int) -> Int {
        // 1970-01-01 was a Thursday (5).
        let r = (dayNumber + 4) % 7
        return (r < 0 ? r + 7 : r) + 1
    }

    @inlinable
    public static func isLeapYear(_ year: Int) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    /// Days in a Gregorian month; 0 for a month outside 1...12.
    @inlinable
    public static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 1, 3, 5, 7, 8, 10, 12: return 31
        case 4, 6, 9, 11: return 30
        case 2: return isLeapYear(year) ? 29 : 28
        default: return 0
        }
    }
}
