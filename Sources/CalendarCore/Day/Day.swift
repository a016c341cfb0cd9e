/// A civil date in the proleptic Gregorian calendar — never an instant.
///
/// A `Day` is one integer (days since 1970-01-01), so no time zone or DST change can
/// move it, copying is free and arithmetic is O(1). Other calendar systems are views
/// of the same `Day` (see `CalendarSystem`).
public struct Day: Hashable, Comparable, Sendable {
    /// Days since 1970-01-01 (which is day 0).
    public let dayNumber: Int

    /// The earliest and latest days that `init(iso:)` accepts and that the library
    /// promises to handle without overflow: 0001-01-01 ... 9999-12-31.
    public static let supportedRange: ClosedRange<Day> =
        Day(dayNumber: GregorianMath.dayNumber(year: 1, month: 1, day: 1))
        ... Day(dayNumber: GregorianMath.dayNumber(year: 9999, month: 12, day: 31))

    @inlinable
    public init(dayNumber: Int) {
        self.dayNumber = dayNumber
    }

    /// A validated Gregorian date; throws when the month or day does not exist.
    public init(year: Int, month: Int, day: Int) throws(DayError) {
        guard (1...9999).contains(year) else { throw .yearOutOfRange(year) }
        guard (1...12).contains(month) else { throw .monthOutOfRange(month) }
        let length = GregorianMath.daysInMonth(year: year, month: month)
        guard (1...length).contains(day) else {
            throw .dayOutOfRange(day: day, month: month, year: year, daysInMonth: length)
        }
        self.dayNumber = GregorianMath.dayNumber(year: year, month: month, day: day)
    }

    @inlinable
    public static func < (lhs: Day, rhs: Day) -> Bool { lhs.dayNumber < rhs.dayNumber }

    /// Gregorian year, month (1...12) and day of month.
    @inlinable
    public var components: (year: Int, month: Int, day: Int) { GregorianMath.civil(from: dayNumber) }
    public var year: Int { components.year }
    public var month: Int { components.month }
    public var day: Int { components.day }

    /// 1 = Sunday … 7 = Saturday.
    @inlinable
    public var weekday: Int { GregorianMath.weekday(of: dayNumber) }

    @inlinable
    public func adding(days: Int) -> Day { Day(dayNumber: dayNumber + days) }

    /// Number of days from `self` to `other` (positive when `other` is later).
    @inlinable
    public func distance(to other: Day) -> Int { other.dayNumber - dayNumber }
}

extension Day: Strideable {
    public func advanced(by n: Int) -> Day { adding(days: n) }
}
