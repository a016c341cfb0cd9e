/// A closed run of consecutive days, `first...last`, never empty.
public struct DaySpan: Hashable, Sendable, Sequence, Codable {
    public let first: Day
    public let last: Day

    /// Orders its ends, so `DaySpan(b, a)` equals `DaySpan(a, b)`.
    public init(_ a: Day, _ b: Day) {
        first = Swift.min(a, b)
        last = Swift.max(a, b)
    }

    public var count: Int { first.distance(to: last) + 1 }

    public func contains(_ day: Day) -> Bool { day >= first && day <= last }

    public func makeIterator() -> ClosedRange<Day>.Iterator { (first...last).makeIterator() }
}
