import CalendarCore

/// One country's (or market's) holidays, parsed from its data file.
///
/// Built once per country and kept (see `HolidayData`): the header is read at once, the rows a
/// year at a time (`HolidayRows`); a lookup by day is then an array read.
public struct HolidayCountry: Sendable {
    /// One run of days with one weekend, for the country ("-") or a subdivision.
    public struct WeekendRun: Sendable, Hashable {
        public let first: Day
        public let last: Day
        /// Foundation weekdays, 1 = Sunday … 7 = Saturday.
        public let weekdays: Set<Int>
    }

    public var code = ""
    public var name = ""
    public var isMarket = false
    public var languages: [String] = []
    /// The languages of the two name columns (default, English), "-" when python-holidays has none.
    public var nameLanguages = (local: "-", english: "-")
    /// Supported categories, the default first.
    public var categories: [String] = []
    /// Subdivision codes in file order, with their names.
    public var subdivisions: [(code: String, names: [String])] = []
    /// Years with data per calendar ("-" or a subdivision code) and category; nil: none at all.
    public var coverage: [String: [String: ClosedRange<Int>?]] = [:]
    public var weekends: [String: [WeekendRun]] = [:]
    /// Weekend days that are working days (by day number).
    public var workdays: Set<Int> = []
    /// The holiday rows, parsed a year at a time on first use.
    var rows = HolidayRows.empty

    /// Every holiday row of `day`, in file order; an error for a damaged row of its year.
    public func entries(on day: Day) throws(HolidayDataError) -> [HolidayEntry] {
        try rows.entries(on: day)
    }

    /// The holidays on `day` in `categories` that apply to `subdivision` (nil: the country).
    public func holidays(on day: Day, subdivision: String?, categories: Set<String>) throws(HolidayDataError)
        -> [HolidayEntry] {
        let entries = try rows.entries(on: day)
        if entries.isEmpty { return [] }
        return entries.filter { categories.contains($0.category) && $0.applies(to: subdivision) }
    }

    /// Parses every year now, so that a damaged row anywhere is reported (tests, `--dump`).
    public func validate() throws(HolidayDataError) { try rows.parseAll() }

    /// The years `categories` have data for in the calendar, or nil when none has any: a year
    /// is covered when any of the categories has data for it.
    public func coverage(subdivision: String?, categories: [String]) -> ClosedRange<Int>? {
        let spans = categories.compactMap { coverage[subdivision ?? "-"]?[$0] ?? nil }
        guard let first = spans.map(\.lowerBound).min(), let last = spans.map(\.upperBound).max() else { return nil }
        return first...last
    }

    /// The weekdays of the weekend on `day` (a subdivision's own history where it has one),
    /// or nil outside the data.
    public func weekend(on day: Day, subdivision: String?) -> Set<Int>? {
        let runs = subdivision.flatMap { weekends[$0] } ?? weekends["-"] ?? []
        return runs.first { $0.first <= day && day <= $0.last }?.weekdays
    }

    /// The first and last day of weekend data.
    public var weekendSpan: ClosedRange<Day>? {
        let runs = weekends["-"] ?? []
        // Runs in any order: the earliest first day and the latest last day.
        guard let first = runs.map(\.first).min(), let last = runs.map(\.last).max() else { return nil }
        return first...last
    }

    /// The subdivision code `typed` names (a code in any case or one of its names), or nil.
    public func subdivision(named typed: String) -> String? {
        if let exact = subdivisions.first(where: { $0.code == typed }) { return exact.code }
        let lowered = typed.lowercased()
        return subdivisions.first {
            $0.code.lowercased() == lowered || $0.names.contains { $0.lowercased() == lowered }
        }?.code
    }
}
