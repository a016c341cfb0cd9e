/// One month of a calendar year as day numbers: where it starts and how long it is.
struct MonthSlot: Hashable, Sendable {
    var month: Int
    var isLeapMonth: Bool
    /// Day number of the month's first day.
    var first: Int
    var length: Int

    var last: Int { first + length - 1 }
}

/// A calendar year laid out as consecutive months.
///
/// Every non-Gregorian system answers its three questions (date of a day, span of
/// a month, months of a year) from this one shape, so the hard part of each
/// calendar is only "where does year Y start and how long are its months".
struct YearLayout: Hashable, Sendable {
    /// The calendar's own continuous ("extended") year number, before any era mapping.
    let year: Int
    let months: [MonthSlot]
    let first: Int
    let last: Int

    /// Builds a layout from a first day and month lengths; `nil` when there are no months.
    init?(year: Int, first: Int, months: [(month: Int, isLeapMonth: Bool, length: Int)]) {
        guard !months.isEmpty else { return nil }
        var slots: [MonthSlot] = []
        slots.reserveCapacity(months.count)
        var start = first
        for m in months {
            slots.append(MonthSlot(month: m.month, isLeapMonth: m.isLeapMonth, first: start, length: m.length))
            start += m.length
        }
        self.year = year
        self.months = slots
        self.first = first
        self.last = start - 1
    }

    func slot(containing dayNumber: Int) -> MonthSlot? {
        months.first { dayNumber <= $0.last && dayNumber >= $0.first }
    }

    func slot(month: Int, isLeapMonth: Bool) -> MonthSlot? {
        months.first { $0.month == month && $0.isLeapMonth == isLeapMonth }
    }
}
