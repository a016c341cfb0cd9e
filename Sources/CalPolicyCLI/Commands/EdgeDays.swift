import CalendarCore

/// The days `check` runs every policy over: where date code usually breaks.
enum EdgeDays {
    struct Case {
        let calendar: CalendarIdentifier
        let days: [Day]
    }

    static func cases(today: Day) -> [Case] {
        var gregorian: [Day] = []
        for year in [1900, 1969, 1970, 1999, 2000, 2023, 2024, 2025, 2026, 2027, 2028, 2100] {
            gregorian += [day(year, 1, 1), day(year, 2, 28), day(year, 3, 1), day(year, 12, 31)]
            if GregorianMath.isLeapYear(year) { gregorian.append(day(year, 2, 29)) }
        }
        // ISO week 53 and the turn of the year around it.
        for first in [day(2015, 12, 28), day(2020, 12, 28), day(2026, 12, 28)] {
            gregorian += (0..<7).map { first.adding(days: $0) }
        }
        // Months with a DST change in the US or the EU.
        for (year, month) in [(2026, 3), (2026, 10), (2026, 11)] {
            let first = day(year, month, 1)
            gregorian += (0..<GregorianMath.daysInMonth(year: year, month: month)).map { first.adding(days: $0) }
        }
        gregorian += [today.adding(days: -1), today, today.adding(days: 1)]
        let unique = Array(Set(gregorian)).sorted()
        return [
            Case(calendar: .gregorian, days: unique),
            // Adar I and Adar II of Hebrew leap year 5784.
            Case(calendar: .hebrew, days: range(day(2024, 2, 8), day(2024, 4, 10))),
            // Chinese leap 2nd month of 2023 and leap 6th month of 2025.
            Case(calendar: .chinese, days: range(day(2023, 3, 20), day(2023, 4, 21))
                + range(day(2025, 7, 23), day(2025, 8, 24))),
            Case(calendar: .iso8601, days: range(day(2026, 12, 26), day(2027, 1, 5))),
        ]
    }

    private static func day(_ year: Int, _ month: Int, _ day: Int) -> Day {
        Day(dayNumber: GregorianMath.dayNumber(year: year, month: month, day: day))
    }

    private static func range(_ first: Day, _ last: Day) -> [Day] { Array(DaySpan(first, last)) }
}
