/// The Hebrew calendar from its arithmetic rules (molad and the four postponements,
/// as in Reingold & Dershowitz, *Calendrical Calculations*).
///
/// Computed here rather than through Foundation because Foundation (Swift 6.3 on
/// Linux) starts 5807 on 2046-10-02 where the rules give 2046-10-01. Months follow
/// Foundation's numbering: Tishri = 1 … Shevat = 5, Adar I = 6 (leap years only,
/// flagged as the leap month), Adar / Adar II = 7, Nisan = 8 … Elul = 13.
struct HebrewRules: YearRules {
    var identifier: CalendarIdentifier { .hebrew }

    /// R.D. −1373427 (7 October 3761 BCE, Julian): 1 Tishri AM 1.
    static let epoch = CalendarMath.dayNumber(fixed: -1_373_427)

    static func isLeapYear(_ year: Int) -> Bool {
        CalendarMath.mod(7 * year + 1, 19) < 7
    }

    /// Days from the epoch to the molad of Tishri, with the "not Sun/Wed/Fri" postponement.
    static func elapsedDays(_ year: Int) -> Int {
        let monthsElapsed = CalendarMath.floorDiv(235 * year - 234, 19)
        let partsElapsed = 12_084 + 13_753 * monthsElapsed
        let days = 29 * monthsElapsed + CalendarMath.floorDiv(partsElapsed, 25_920)
        return CalendarMath.mod(3 * (days + 1), 7) < 3 ? days + 1 : days
    }

    /// The remaining postponements, which keep year lengths within 353...355 / 383...385.
    static func yearLengthCorrection(_ year: Int) -> Int {
        let ny0 = elapsedDays(year - 1)
        let ny1 = elapsedDays(year)
        let ny2 = elapsedDays(year + 1)
        if ny2 - ny1 == 356 { return 2 }
        if ny1 - ny0 == 382 { return 1 }
        return 0
    }

    /// Day number of 1 Tishri of `year`.
    static func newYear(_ year: Int) -> Int {
        epoch + elapsedDays(year) + yearLengthCorrection(year)
    }

    func layout(ofYear year: Int) -> YearLayout? {
        let start = Self.newYear(year)
        let length = Self.newYear(year + 1) - start
        let leap = Self.isLeapYear(year)
        let heshvan = length % 10 == 5 ? 30 : 29
        let kislev = length % 10 == 3 ? 29 : 30
        var months: [(month: Int, isLeapMonth: Bool, length: Int)] = [
            (1, false, 30), (2, false, heshvan), (3, false, kislev), (4, false, 29), (5, false, 30),
        ]
        if leap { months.append((6, true, 30)) }
        months += [(7, false, 29), (8, false, 30), (9, false, 29), (10, false, 30), (11, false, 29),
                   (12, false, 30), (13, false, 29)]
        return YearLayout(year: year, first: start, months: months)
    }

    func estimatedYear(containing dayNumber: Int) -> Int {
        // Mean year 35975351 / 98496 days (235 months of 29d 12h 793p per 19 years).
        CalendarMath.floorDiv((dayNumber - Self.epoch) * 98_496, 35_975_351) + 1
    }

    func normalized(_ month: CalendarMonth) -> CalendarMonth {
        var m = month
        if m.month == 6 { m.isLeapMonth = true }
        return m
    }
}
