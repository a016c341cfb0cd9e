/// Weekday arithmetic shared by grids, strips, periods and week rules.
/// Weekdays are Foundation's numbers: 1 = Sunday … 7 = Saturday.
public enum Weekdays {
    /// Maps any integer onto 1...7 (8 is Sunday again), so an out-of-range first
    /// weekday can never trap or produce a short row.
    @inlinable
    public static func normalized(_ weekday: Int) -> Int {
        // (weekday - 1) mod 7 without computing weekday - 1, which overflows at Int.min.
        return ((weekday % 7) + 6) % 7 + 1
    }

    /// How many days `day` lies after the start of its week when weeks begin on
    /// `firstWeekday` (0...6).
    @inlinable
    public static func offset(of day: Day, firstWeekday: Int) -> Int {
        (day.weekday - normalized(firstWeekday) + 7) % 7
    }

    /// The first day of the week holding `day`.
    @inlinable
    public static func startOfWeek(containing day: Day, firstWeekday: Int) -> Day {
        day.adding(days: -offset(of: day, firstWeekday: firstWeekday))
    }

    /// The seven days of the week holding `day`.
    public static func week(containing day: Day, firstWeekday: Int) -> DaySpan {
        let start = startOfWeek(containing: day, firstWeekday: firstWeekday)
        return DaySpan(start, start.adding(days: 6))
    }
}
