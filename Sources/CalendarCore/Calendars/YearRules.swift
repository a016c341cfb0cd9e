/// The rules one calendar contributes; `YearTable` turns them into dates and spans.
protocol YearRules: Sendable {
    var identifier: CalendarIdentifier { get }

    /// The layout of extended year `year`, or `nil` when it cannot be computed.
    func layout(ofYear year: Int) -> YearLayout?

    /// A guess within a year or two of the extended year containing `dayNumber`.
    func estimatedYear(containing dayNumber: Int) -> Int

    /// The era and year a user writes for an extended year.
    func displayed(year: Int) -> (era: Int?, year: Int)

    /// The extended year for an era and year as written; `nil` for an unknown era.
    func extendedYear(era: Int?, year: Int) -> Int?

    /// Accepts the spellings of a month that mean the same month (Hebrew Adar I is
    /// month 6 whether or not the caller flagged it as the leap month).
    func normalized(_ month: CalendarMonth) -> CalendarMonth

    /// The date of a day the table cannot locate; never reached for days in
    /// 0001...9999, but `date(of:)` must return something rather than trap.
    func fallbackDate(of dayNumber: Int) -> CalendarDate
}

extension YearRules {
    func displayed(year: Int) -> (era: Int?, year: Int) { (nil, year) }

    func extendedYear(era: Int?, year: Int) -> Int? { year }

    func normalized(_ month: CalendarMonth) -> CalendarMonth { month }

    func fallbackDate(of dayNumber: Int) -> CalendarDate {
        let (y, m, d) = GregorianMath.civil(from: dayNumber)
        return CalendarDate(month: CalendarMonth(year: y, month: m), day: d)
    }
}
