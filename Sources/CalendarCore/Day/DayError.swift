/// Why a string or a set of numbers is not a valid day.
public enum DayError: Error, Hashable, Sendable, CustomStringConvertible {
    case empty
    /// Not of the form `YYYY-MM-DD` (four-digit year, two-digit month and day).
    case malformed(String)
    case yearOutOfRange(Int)
    case monthOutOfRange(Int)
    case dayOutOfRange(day: Int, month: Int, year: Int, daysInMonth: Int)

    public var description: String {
        switch self {
        case .empty:
            return "empty date; expected YYYY-MM-DD"
        case .malformed(let text):
            return "'\(text)' is not a date of the form YYYY-MM-DD"
        case .yearOutOfRange(let year):
            return "year \(year) is outside 0001...9999"
        case .monthOutOfRange(let month):
            return "month must be 1...12, got \(month)"
        case .dayOutOfRange(let day, let month, let year, let length):
            return "day \(day) does not exist in \(Day.pad(year, 4))-\(Day.pad(month, 2)) (it has \(length) days)"
        }
    }
}
