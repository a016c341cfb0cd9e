/// An instant as ISO 8601 text with its offset: `2026-12-24T13:05:00+01:00`, `...Z`, seconds
/// optional. Text without an offset is refused: a local time would silently depend on a zone
/// the reader did not name. One parser for every face (`--at`, `--batch`, policy tests).
public enum ISOInstant {
    public enum Problem: Error, Sendable, Equatable {
        /// Not the shape at all.
        case format
        /// A date and time with no `Z` or `±HH:MM`.
        case noOffset
        /// Hour, minute or second out of range.
        case noSuchTime
        /// A date that is not in the calendar (2026-02-30).
        case noSuchDay
    }

    /// Seconds since the epoch, or what is wrong with `text`.
    public static func parse(_ text: String) -> Result<Int64, Problem> {
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
        else { return .failure(.format) }
        var index = 16
        var second = 0
        if index < bytes.count, bytes[index] == 58 {
            guard let value = number(index + 1, 2) else { return .failure(.format) }
            second = value
            index += 3
        }
        guard index < bytes.count else { return .failure(.noOffset) }
        var offset = 0
        switch bytes[index] {
        case 90, 122: // Z
            guard index + 1 == bytes.count else { return .failure(.format) }
        case 43, 45: // + -
            let sign = bytes[index] == 45 ? -1 : 1
            guard let hours = number(index + 1, 2) else { return .failure(.format) }
            var minutes: Int?
            if index + 6 == bytes.count, bytes[index + 3] == 58 { minutes = number(index + 4, 2) }
            else if index + 5 == bytes.count { minutes = number(index + 3, 2) }
            else if index + 3 == bytes.count { minutes = 0 }
            guard let minutes, hours <= 18, minutes < 60 else { return .failure(.format) }
            offset = sign * (hours * 3600 + minutes * 60)
        default:
            return .failure(.format)
        }
        guard hour < 24, minute < 60, second < 60 else { return .failure(.noSuchTime) }
        guard let day = try? Day(year: year, month: month, day: dayOfMonth) else { return .failure(.noSuchDay) }
        return .success(Int64(day.dayNumber) * 86_400 + Int64(hour * 3600 + minute * 60 + second) - Int64(offset))
    }
}
