import CalendarCore

/// The period a span is, named so a script can step: its kind, identifier (the value the
/// span option takes back), first and last day, and the identifiers of the previous and
/// next period of the same kind (a custom span steps by its own length). A neighbour
/// outside 0001-01-01 ... 9999-12-31 is nil.
public struct SpanPeriod: Hashable, Sendable {
    public let kind: String
    public let id: String
    public let first: Day
    public let last: Day
    public let previous: String?
    public let next: String?

    public init(kind: String, id: String, first: Day, last: Day, previous: String?, next: String?) {
        (self.kind, self.id, self.first, self.last, self.previous, self.next) = (kind, id, first, last, previous, next)
    }

    public init(_ span: ResolvedSpan, system: any CalendarSystem) {
        let days = span.days
        let range = Day.supportedRange
        switch span.kind {
        case .week(let strip):
            let before = strip.previous(), after = strip.next()
            self.init(kind: "week", id: strip.identifier, first: days.first, last: days.last,
                      previous: range.contains(before.span.first) ? before.identifier : nil,
                      next: range.contains(after.span.last) ? after.identifier : nil)
        case .month(let month):
            func neighbour(_ day: Day) -> String? {
                guard range.contains(day) else { return nil }
                return try? system.date(of: day).month.identifier(in: system)
            }
            self.init(kind: "month", id: (try? month.identifier(in: system)) ?? days.first.iso,
                      first: days.first, last: days.last,
                      previous: neighbour(days.first.adding(days: -1)), next: neighbour(days.last.adding(days: 1)))
        case .year(let era, let year, let gregorian):
            func name(_ year: Int) -> String {
                era.map { "\($0):\(year)" } ?? CalendarMonth.yearText(year)
            }
            func exists(_ year: Int) -> Bool {
                if gregorian { return (1...9999).contains(year) }
                guard let span = try? system.span(ofYear: year, era: era) else { return false }
                return range.contains(span.first) && range.contains(span.last)
            }
            self.init(kind: "year", id: name(year), first: days.first, last: days.last,
                      previous: exists(year - 1) ? name(year - 1) : nil,
                      next: exists(year + 1) ? name(year + 1) : nil)
        case .custom:
            let length = days.count
            func name(_ first: Day) -> String? {
                let last = first.adding(days: length - 1)
                guard range.contains(first), range.contains(last) else { return nil }
                return first.iso + "/" + last.iso
            }
            self.init(kind: "custom", id: days.first.iso + "/" + days.last.iso, first: days.first, last: days.last,
                      previous: name(days.first.adding(days: -length)), next: name(days.last.adding(days: 1)))
        }
    }

    /// `{"kind", "id", "first", "last", "previous", "next"}`, as eval JSON writes it.
    public var json: JSONValue {
        .object([
            ("kind", .string(kind)),
            ("id", .string(id)),
            ("first", .string(first.iso)),
            ("last", .string(last.iso)),
            ("previous", .optional(previous)),
            ("next", .optional(next)),
        ])
    }
}
