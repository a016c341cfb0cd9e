/// Why a month or year cannot be found in a calendar system.
public enum CalendarError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The month does not exist in that year (e.g. Adar I in a Hebrew common year).
    case noSuchMonth(CalendarIdentifier, CalendarMonth)
    /// The year is outside what this implementation supports.
    case yearOutOfRange(CalendarIdentifier, Int)

    public var description: String {
        switch self {
        case .noSuchMonth(let id, let m):
            let leap = m.isLeapMonth ? " (leap)" : ""
            let era = m.era.map { "era \($0), " } ?? ""
            return "month \(m.month)\(leap) does not exist in \(era)\(id.rawValue) year \(m.year)"
        case .yearOutOfRange(let id, let year):
            return "\(id.rawValue) year \(year) is outside the supported range"
        }
    }
}
