import CalendarCore

extension UnsafeRowWriter {
    /// The longest `englishFullDate`: "Wednesday, September 30, " (25 bytes) and a year.
    static let englishFullDateMaxByteCount = 25 + integerMaxByteCount

    /// The built-in English full date, "Friday, December 25, 2026": the one writer of it for
    /// both JSON paths (a day's label from `DisplayNames`, a bare day line). Plain ASCII,
    /// nothing to escape. `month` and `day` are of the report's calendar, `weekday` 1...7 from
    /// Sunday.
    @inline(__always)
    mutating func englishFullDate(weekday: Int, year: Int, month: Int, day: Int) {
        put(DisplayNames.englishWeekday(weekday))
        put(", ")
        put(DisplayNames.englishMonth(month))
        byte(0x20)
        integer(day)
        put(", ")
        integer(year)
    }
}
