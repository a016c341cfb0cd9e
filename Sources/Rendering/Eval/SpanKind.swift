import CalendarCore

/// What the span options asked for: a week strip, a month, a year or a custom span of days.
public enum SpanKind: Sendable {
    case week(WeekStrip)
    case month(CalendarMonth)
    /// `era` as given (nil: the current one); `gregorian`: a Japanese year written without
    /// an era, which is the Gregorian year.
    case year(era: Int?, year: Int, gregorian: Bool)
    case custom
}
