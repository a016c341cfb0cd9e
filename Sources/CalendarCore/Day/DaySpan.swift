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

    /// The span cut into consecutive runs of at most `size` days (at least one), in order: how a
    /// long span is asked of the policies a batch at a time.
    public func runs(of size: Int) -> [DaySpan] {
        var runs: [DaySpan] = []
        var start = first
        while true {
            let end = start.adding(days: Swift.min(Swift.max(1, size) - 1, start.distance(to: last)))
            runs.append(DaySpan(start, end))
            if end == last { return runs }
            start = end.adding(days: 1)
        }
    }

    private enum CodingKeys: String, CodingKey { case first, last }

    /// Decodes through `init(_:_:)`, so ends given in the wrong order are swapped
    /// rather than making a span whose iteration would trap.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(try container.decode(Day.self, forKey: .first), try container.decode(Day.self, forKey: .last))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(first, forKey: .first)
        try container.encode(last, forKey: .last)
    }
}
