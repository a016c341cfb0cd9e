/// Coptic and Ethiopic: twelve 30-day months and a 5- or 6-day thirteenth month,
/// a leap year every fourth year (year mod 4 = 3), with no century exception.
/// The two differ only in the epoch; Amete Alem only renumbers Ethiopic years.
struct CopticFamilyRules: YearRules {
    enum Numbering: Sendable {
        /// Era 1 for years ≥ 1; era 0 counts backwards before (Foundation's coptic eras).
        case coptic
        /// Era 1 (Amete Mihret) for years ≥ 1; era 0 is Amete Alem (year + 5500) before.
        case ameteMihret
        /// No era; the year is always the Amete Alem year, Ethiopic year + 5500.
        case ameteAlem
    }

    let identifier: CalendarIdentifier
    let epoch: Int
    let numbering: Numbering

    /// R.D. 103605: 29 August 284 Julian, 1 Thout 1 of the Era of Martyrs.
    static let copticEpoch = CalendarMath.dayNumber(fixed: 103_605)
    /// R.D. 2796: 29 August 8 Julian, 1 Meskerem 1 Amete Mihret.
    static let ethiopicEpoch = CalendarMath.dayNumber(fixed: 2796)
    static let ameteAlemOffset = 5500

    static let coptic = CopticFamilyRules(identifier: .coptic, epoch: copticEpoch, numbering: .coptic)
    static let ameteMihret = CopticFamilyRules(
        identifier: .ethiopicAmeteMihret, epoch: ethiopicEpoch, numbering: .ameteMihret)
    static let ameteAlem = CopticFamilyRules(
        identifier: .ethiopicAmeteAlem, epoch: ethiopicEpoch, numbering: .ameteAlem)

    static func isLeapYear(_ year: Int) -> Bool {
        CalendarMath.mod(year, 4) == 3
    }

    func layout(ofYear year: Int) -> YearLayout? {
        let start = epoch - 1 + 365 * (year - 1) + CalendarMath.floorDiv(year, 4) + 1
        var months = (1...12).map { (month: $0, isLeapMonth: false, length: 30) }
        months.append((13, false, Self.isLeapYear(year) ? 6 : 5))
        return YearLayout(year: year, first: start, months: months)
    }

    func estimatedYear(containing dayNumber: Int) -> Int {
        CalendarMath.floorDiv(4 * (dayNumber - epoch) + 1463, 1461)
    }

    func displayed(year: Int) -> (era: Int?, year: Int) {
        switch numbering {
        case .coptic: year >= 1 ? (1, year) : (0, 1 - year)
        case .ameteMihret: year >= 1 ? (1, year) : (0, year + Self.ameteAlemOffset)
        case .ameteAlem: (nil, year + Self.ameteAlemOffset)
        }
    }

    /// nil for an unknown era, or a year so far out that the shift would overflow.
    func extendedYear(era: Int?, year: Int) -> Int? {
        let (value, overflow) = switch (numbering, era) {
        case (.coptic, nil), (.coptic, 1), (.ameteMihret, nil), (.ameteMihret, 1): (year, false)
        case (.coptic, 0): 1.subtractingReportingOverflow(year)
        case (.ameteMihret, 0): year.subtractingReportingOverflow(Self.ameteAlemOffset)
        case (.ameteAlem, _): year.subtractingReportingOverflow(Self.ameteAlemOffset)
        default: (0, true)
        }
        return overflow ? nil : value
    }
}
