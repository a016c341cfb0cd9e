import CalendarData
import CalendarCore

/// The days a policy's data is meant for: `coverage = { from = "2026-01-01", to = "2027-12-31" }`
/// in the policy, or the years a built-in reference's data covers.
///
/// Why: a table of dates (a change freeze, a rota) runs out quietly; said in the policy, the end
/// is something `calpolicy check --horizon` can hold it to, the way the holiday data's coverage is.
public struct CoverageSpan: Hashable, Sendable {
    public var from: Day?
    public var to: Day?

    public init(from: Day?, to: Day?) {
        (self.from, self.to) = (from, to)
    }

    /// The coverage of a policy in a stack: a Lua policy's declared one, a reference's data
    /// (its years, or its weekend data), nil when it says nothing (it never runs out).
    public static func of(_ policy: any DayPolicy) -> CoverageSpan? {
        switch policy {
        case let lua as LuaPolicy:
            return lua.metadata.coverage
        case let holidays as HolidayPolicy:
            guard let covered = holidays.covered else { return nil }
            return CoverageSpan(from: try? Day(year: covered.lowerBound, month: 1, day: 1),
                                  to: try? Day(year: covered.upperBound, month: 12, day: 31))
        case let weekends as WeekendPolicy:
            return weekends.country.weekendSpan.map { CoverageSpan(from: $0.lowerBound, to: $0.upperBound) }
        default:
            return nil
        }
    }
}
