import CalendarCore

/// What must hold for any byte string handed to `Day(iso:)`: it answers (a day or a typed error),
/// an accepted text is exactly the day's own ISO form, and the day is inside the supported range.
public enum DayISOCheck {
    public static func run(_ bytes: UnsafeRawBufferPointer) {
        let text = String(decoding: bytes, as: UTF8.self)
        let day: Day
        do {
            day = try Day(iso: text)
        } catch {
            _ = error.description
            return
        }
        if day.iso != text { fuzzFailure("'\(text)' parsed to \(day.iso)") }
        if !Day.supportedRange.contains(day) { fuzzFailure("'\(text)' is outside the supported range") }
        let (y, m, d) = day.components
        guard let again = try? Day(year: y, month: m, day: d), again == day else {
            fuzzFailure("'\(text)' does not survive its components")
        }
    }
}
