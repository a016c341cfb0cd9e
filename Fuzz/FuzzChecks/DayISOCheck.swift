import CalendarCore

/// What must hold for any byte string handed to `Day(iso:)`: it answers (a day or a typed error),
/// an accepted text is exactly the day's own ISO form, and the day is inside the supported range.
public enum DayISOCheck {
    /// The broken invariant, or nil.
    public static func problem(_ bytes: UnsafeRawBufferPointer) -> String? {
        let text = String(decoding: bytes, as: UTF8.self)
        let day: Day
        do {
            day = try Day(iso: text)
        } catch {
            return error.description.isEmpty ? "'\(text)' was refused without a reason" : nil
        }
        if day.iso != text { return "'\(text)' parsed to \(day.iso)" }
        if !Day.supportedRange.contains(day) { return "'\(text)' is outside the supported range" }
        let (y, m, d) = day.components
        guard let again = try? Day(year: y, month: m, day: d), again == day else {
            return "'\(text)' does not survive its components"
        }
        return nil
    }
}
