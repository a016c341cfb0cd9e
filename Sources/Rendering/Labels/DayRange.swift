import CalendarCore

/// A run of days as two whole dates, each followed by its own weekday:
/// `2026-12-01 Tue – 2026-12-09 Wed`. Abbreviating the last date (`2026-12-01…09`) and putting
/// both weekdays together (`Tue–Wed`) read as a range of weekdays, not of days.
public enum DayRange {
    /// `weekdayName` names a day's weekday (`Tue`); one day is `2026-12-25 Fri`.
    public static func text(_ first: Day, _ last: Day, weekdayName: (Day) -> String) -> String {
        let head = first.iso + " " + weekdayName(first)
        return first == last ? head : head + " – " + last.iso + " " + weekdayName(last)
    }
}
