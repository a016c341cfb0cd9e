import CalendarCore

/// policies/us-federal-holidays.lua ported rule for rule to Swift, with the same
/// per-year cache: the limit a Lua policy is measured against. The benchmark checks
/// that both deny the same number of days, so the two cannot drift apart unnoticed.
///
/// `@unchecked Sendable`: the cache is unsynchronised on purpose (a lock would be
/// part of what the limit leaves out); the benchmark calls it from one thread only.
final class NativeUSFederalHolidays: DayPolicy, @unchecked Sendable {
    let name = "native-us-federal-holidays"
    /// Indexed by Gregorian year; nil until the year is first asked about.
    private var years = [[Int: String]?](repeating: nil, count: 10_000)

    func canSelect(_ day: Day, context: PolicyContext) throws -> Verdict {
        guard let label = holiday(on: day) else { return .allowed }
        return .denied(reason: label)
    }

    func decoration(for day: Day, context: PolicyContext) throws -> Decoration? {
        holiday(on: day).map { Decoration(kind: .default, label: $0, size: .medium) }
    }

    /// The year asked about last, kept aside: consecutive days skip the cache lookup.
    private var recent: (year: Int, map: [Int: String]) = (0, [:])

    func holiday(on day: Day) -> String? {
        let year = GregorianMath.civil(from: day.dayNumber).year
        if year == recent.year { return recent.map.isEmpty ? nil : recent.map[day.dayNumber] }
        guard year >= 1, year < years.count else { return nil }
        let map = years[year] ?? NativeUSFederalHolidays.build(year)
        years[year] = map
        recent = (year, map)
        return map[day.dayNumber]
    }

    private enum ObservedRule { case none, sundayOnly, nearestWeekday }

    private static let closings: [(year: Int, month: Int, day: Int, name: String)] = [
        (2001, 12, 24, "Christmas Eve"), (2003, 12, 26, "Day After Christmas"),
        (2004, 6, 11, "National Day of Mourning for former President Ronald Reagan"),
        (2007, 1, 2, "National Day of Mourning for former President Gerald R. Ford"),
        (2007, 12, 24, "Christmas Eve"), (2008, 12, 26, "Day After Christmas"),
        (2012, 12, 24, "Christmas Eve"), (2014, 12, 26, "Day After Christmas"),
        (2018, 12, 5, "National Day of Mourning for former President George H. W. Bush"),
        (2018, 12, 24, "Christmas Eve"), (2019, 12, 24, "Christmas Eve"), (2020, 12, 24, "Christmas Eve"),
        (2024, 12, 24, "Christmas Eve"),
        (2025, 1, 9, "National Day of Mourning for former President Jimmy Carter"),
        (2025, 12, 24, "Christmas Eve"), (2025, 12, 26, "Day After Christmas"),
    ]

    private static let thanksgiving: [Int: (month: Int, day: Int)] = [
        1862: (4, 10), 1865: (12, 7), 1869: (11, 18), 1939: (11, 23), 1940: (11, 21), 1941: (11, 20),
    ]

    private static func observed(_ n: Int, _ rule: ObservedRule) -> Int {
        switch (rule, GregorianMath.weekday(of: n)) {
        case (.nearestWeekday, 7): n - 1
        case (.nearestWeekday, 1), (.sundayOnly, 1): n + 1
        default: n
        }
    }

    /// Every holiday and observed day of one year, "; "-joined when several share a day.
    static func build(_ year: Int) -> [Int: String] {
        let first = GregorianMath.dayNumber(year: year, month: 1, day: 1)
        let last = GregorianMath.dayNumber(year: year, month: 12, day: 31)
        var labels: [Int: String] = [:]
        func put(_ n: Int, _ label: String) {
            guard n >= first, n <= last else { return }
            labels[n] = labels[n].map { $0 + "; " + label } ?? label
        }
        let rule: ObservedRule = year >= 1966 ? .nearestWeekday : (year >= 1953 ? .sundayOnly : .none)
        func holiday(_ n: Int, _ name: String, observe: Bool = false) {
            put(n, name)
            guard observe, rule != .none else { return }
            let o = observed(n, rule)
            if o != n { put(o, name + " (observed)") }
        }
        func fixed(_ m: Int, _ d: Int) -> Int { GregorianMath.dayNumber(year: year, month: m, day: d) }
        func nth(_ m: Int, _ weekday: Int, _ k: Int) -> Int {
            let start = fixed(m, 1)
            if k > 0 {
                let shift = ((weekday - GregorianMath.weekday(of: start)) % 7 + 7) % 7
                return start + shift + (k - 1) * 7
            }
            let end = start + GregorianMath.daysInMonth(year: year, month: m) - 1
            let shift = ((GregorianMath.weekday(of: end) - weekday) % 7 + 7) % 7
            return end - shift + (k + 1) * 7
        }
        let monday = 2, thursday = 5

        if year >= 1871 {
            holiday(fixed(1, 1), "New Year's Day", observe: true)
            if year >= 1967, year < 9999 {
                put(observed(GregorianMath.dayNumber(year: year + 1, month: 1, day: 1), rule),
                    "New Year's Day (observed)")
            }
        }
        if year >= 1986 { holiday(nth(1, monday, 3), "Birthday of Martin Luther King, Jr.") }
        if year >= 1971 {
            holiday(nth(2, monday, 3), "Washington's Birthday")
        } else if year >= 1879 {
            holiday(fixed(2, 22), "Washington's Birthday", observe: year >= 1954)
        }
        if year >= 1971 {
            holiday(nth(5, monday, -1), "Memorial Day")
        } else if year >= 1888 {
            holiday(fixed(5, 30), "Memorial Day")
        }
        if year >= 2021 { holiday(fixed(6, 19), "Juneteenth National Independence Day", observe: true) }
        if year >= 1870 { holiday(fixed(7, 4), "Independence Day", observe: true) }
        if year >= 1894 { holiday(nth(9, monday, 1), "Labor Day") }
        if year >= 1971 { holiday(nth(10, monday, 2), "Columbus Day") }
        if year >= 1938 {
            let name = year >= 1954 ? "Veterans Day" : "Armistice Day"
            if year >= 1971, year <= 1977 {
                holiday(nth(10, monday, 4), name)
            } else {
                holiday(fixed(11, 11), name, observe: true)
            }
        }
        if year >= 1862 {
            if let t = thanksgiving[year] {
                holiday(fixed(t.month, t.day), "Thanksgiving Day")
            } else {
                holiday(nth(11, thursday, year >= 1942 ? 4 : -1), "Thanksgiving Day")
            }
        }
        if year >= 1870 { holiday(fixed(12, 25), "Christmas Day", observe: true) }
        for c in closings where c.year == year { holiday(fixed(c.month, c.day), c.name) }
        return labels
    }
}
