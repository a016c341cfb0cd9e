extension WeekStrip {
    /// The strip of week `week` of `year` under `weekRule` (`2026-W53`), its days starting
    /// on `firstWeekday`: the strip whose middle day lies in that week, as `weekNumber` reads
    /// it. Nil when the year has no such week.
    public init?(week: Int, of year: Int, firstWeekday: Int = 2, weekRule: WeekRule = .iso8601, today: Day? = nil) {
        guard (1...9999).contains(year), (1...weekRule.weeksInYear(year)).contains(week) else { return nil }
        // The middle of that week under the rule, then the strip around it; a strip that
        // starts on another weekday may read as a neighbour, so look one either side.
        let middle = Day(dayNumber: weekRule.weekOneStart(year: year) + 7 * (week - 1) + 3)
        for offset in [0, -7, 7] {
            let strip = WeekStrip(containing: middle.adding(days: offset), firstWeekday: firstWeekday,
                                  weekRule: weekRule, today: today)
            let found = weekRule.week(of: strip.span.first.adding(days: 3))
            if found.yearForWeek == year, found.week == week {
                self = strip
                return
            }
        }
        return nil
    }

    /// Parses `YYYY-Www` (`2026-W53`, the `W` in either case).
    public static func parseIdentifier(_ text: String) -> (year: Int, week: Int)? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].count == 4, parts[0].allSatisfy({ $0.isASCII && $0.isNumber }),
              parts[1].count == 3, parts[1].first == "W" || parts[1].first == "w",
              parts[1].dropFirst().allSatisfy({ $0.isASCII && $0.isNumber }),
              let year = Int(parts[0]), let week = Int(parts[1].dropFirst())
        else { return nil }
        return (year, week)
    }

    /// `2026-W53`: the year the week belongs to under `weekRule` and its number.
    public var identifier: String {
        let found = weekRule.week(of: span.first.adding(days: 3))
        let year = String(found.yearForWeek)
        let week = String(found.week)
        return String(repeating: "0", count: max(0, 4 - year.count)) + year + "-W"
            + (week.count < 2 ? "0" : "") + week
    }
}
