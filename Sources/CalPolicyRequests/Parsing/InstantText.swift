import CalendarCore

/// An instant as ISO 8601 text with its offset: `2026-12-24T13:05:00+01:00`, `...Z`, seconds
/// optional. Text without an offset is refused: a local time would silently depend on the
/// machine's zone.
public enum InstantText {
    /// Seconds since the epoch, or a one-line problem about `option`.
    public static func parse(_ text: String, option: OptionSpec) throws(RequestError) -> Int64 {
        let expected = "expected an instant such as 2026-12-24T13:05:00+01:00 or 2026-12-24T12:05:00Z"
        let bytes = Array(text.utf8)
        func number(_ from: Int, _ count: Int) -> Int? {
            guard from + count <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[from..<from + count] {
                guard byte >= 48 && byte <= 57 else { return nil }
                value = value * 10 + Int(byte - 48)
            }
            return value
        }
        guard bytes.count >= 16, bytes[4] == 45, bytes[7] == 45, bytes[10] == 84 || bytes[10] == 116, bytes[13] == 58,
              let year = number(0, 4), let month = number(5, 2), let dayOfMonth = number(8, 2),
              let hour = number(11, 2), let minute = number(14, 2)
        else { throw RequestError(option, value: text, reason: expected) }
        var index = 16
        var second = 0
        if index < bytes.count, bytes[index] == 58 {
            guard let value = number(index + 1, 2) else { throw RequestError(option, value: text, reason: expected) }
            second = value
            index += 3
        }
        guard index < bytes.count else {
            throw RequestError(option, value: text, reason: "has no UTC offset; add Z or one such as +01:00 "
                                   + "(no local time is assumed)")
        }
        var offset = 0
        switch bytes[index] {
        case 90, 122: // Z
            guard index + 1 == bytes.count else { throw RequestError(option, value: text, reason: expected) }
        case 43, 45: // + -
            let sign = bytes[index] == 45 ? -1 : 1
            guard let hours = number(index + 1, 2) else { throw RequestError(option, value: text, reason: expected) }
            var minutes: Int?
            if index + 6 == bytes.count, bytes[index + 3] == 58 { minutes = number(index + 4, 2) }
            else if index + 5 == bytes.count { minutes = number(index + 3, 2) }
            else if index + 3 == bytes.count { minutes = 0 }
            guard let minutes, hours <= 18, minutes < 60 else { throw RequestError(option, value: text, reason: expected) }
            offset = sign * (hours * 3600 + minutes * 60)
        default:
            throw RequestError(option, value: text, reason: expected)
        }
        guard hour < 24, minute < 60, second < 60 else {
            throw RequestError(option, value: text, reason: "no such time of day; " + expected)
        }
        let day: Day
        do { day = try Day(year: year, month: month, day: dayOfMonth) } catch {
            throw RequestError(option, value: text, reason: "no such day; " + expected)
        }
        return Int64(day.dayNumber) * 86_400 + Int64(hour * 3600 + minute * 60 + second) - Int64(offset)
    }
}
