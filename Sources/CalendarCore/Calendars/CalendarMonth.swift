/// A month as a user of a calendar system names it: era (where the calendar has
/// them), year, month number as Foundation numbers it, and whether it is the leap
/// month (Hebrew Adar I, a Chinese intercalary month).
public struct CalendarMonth: Hashable, Sendable, Codable {
    public var era: Int?
    public var year: Int
    public var month: Int
    public var isLeapMonth: Bool

    public init(era: Int? = nil, year: Int, month: Int, isLeapMonth: Bool = false) {
        (self.era, self.year, self.month, self.isLeapMonth) = (era, year, month, isLeapMonth)
    }
}

/// A day as a calendar system names it.
public struct CalendarDate: Hashable, Sendable, Codable {
    public var month: CalendarMonth
    public var day: Int

    public init(month: CalendarMonth, day: Int) {
        (self.month, self.day) = (month, day)
    }

    public var era: Int? { month.era }
    public var year: Int { month.year }
    public var isLeapMonth: Bool { month.isLeapMonth }
}
