/// Which days of the week may be selected: all, weekdays only or weekends only.
///
/// Weekend days are configurable (Friday and Saturday in much of the Middle East).
/// Deselection is always allowed, so a day selected before the rule changed can
/// still be removed.
public struct IncludeDaysPolicy: DayPolicy, Hashable {
    public enum Days: String, Hashable, Sendable, CaseIterable, Codable {
        case all, weekdays, weekends
    }

    public let days: Days
    /// Weekday numbers, 1 = Sunday … 7 = Saturday; out-of-range values wrap.
    public let weekendDays: Set<Int>
    public let name: String
    /// `weekendDays` as bits 1...7: asked for every day, and hashing an Int into a Set
    /// cost more than the rest of the answer.
    private let weekendMask: UInt8

    public init(_ days: Days, weekendDays: Set<Int> = [1, 7], name: String = "include-days") {
        self.days = days
        self.weekendDays = Set(weekendDays.map(Weekdays.normalized))
        self.name = name
        weekendMask = self.weekendDays.reduce(0) { $0 | UInt8(truncatingIfNeeded: 1 << $1) }
    }

    public func canSelect(_ day: Day, context: PolicyContext) throws -> Verdict {
        switch days {
        case .all:
            return .allowed
        case .weekdays:
            guard isWeekend(day) else { return .allowed }
            return .denied(reason: day.iso(followedBy: " is a weekend day; only weekdays may be selected"))
        case .weekends:
            guard !isWeekend(day) else { return .allowed }
            return .denied(reason: day.iso(followedBy: " is a weekday; only weekend days may be selected"))
        }
    }

    private func isWeekend(_ day: Day) -> Bool {
        weekendMask & UInt8(truncatingIfNeeded: 1 << day.weekday) != 0
    }
}
