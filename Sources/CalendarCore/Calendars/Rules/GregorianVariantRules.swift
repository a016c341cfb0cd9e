/// Calendars that are the proleptic Gregorian calendar with another year number:
/// Buddhist (BE = CE + 543, no era) and Republic of China (Minguo 1 = 1912; era 1
/// from 1912, era 0 counting backwards before it, as Foundation does).
struct GregorianVariantRules: YearRules {
    enum Numbering: Sendable { case buddhist, minguo }

    let identifier: CalendarIdentifier
    let numbering: Numbering

    static let buddhist = GregorianVariantRules(identifier: .buddhist, numbering: .buddhist)
    static let minguo = GregorianVariantRules(identifier: .republicOfChina, numbering: .minguo)

    /// Here the extended year is the Gregorian year itself.
    func layout(ofYear year: Int) -> YearLayout? {
        let months = (1...12).map { m in
            (month: m, isLeapMonth: false, length: GregorianMath.daysInMonth(year: year, month: m))
        }
        return YearLayout(year: year, first: GregorianMath.dayNumber(year: year, month: 1, day: 1), months: months)
    }

    func estimatedYear(containing dayNumber: Int) -> Int {
        GregorianMath.civil(from: dayNumber).year
    }

    func displayed(year: Int) -> (era: Int?, year: Int) {
        switch numbering {
        case .buddhist: (nil, year + 543)
        case .minguo: year >= 1912 ? (1, year - 1911) : (0, 1912 - year)
        }
    }

    /// nil for an unknown era, or a year so far out that the shift would overflow.
    func extendedYear(era: Int?, year: Int) -> Int? {
        let (value, overflow) = switch (numbering, era) {
        case (.buddhist, _): year.subtractingReportingOverflow(543)
        case (.minguo, nil), (.minguo, 1): year.addingReportingOverflow(1911)
        case (.minguo, 0): 1912.subtractingReportingOverflow(year)
        default: (0, true)
        }
        return overflow ? nil : value
    }
}
