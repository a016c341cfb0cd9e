/// The arithmetic (tabular) Islamic calendar: 30-year cycle with leap years 2, 5, 7,
/// 10, 13, 16, 18, 21, 24, 26, 29; odd months 30 days, even months 29, Dhu al-Hijja
/// 30 in leap years.
///
/// The two variants differ only in the epoch, matching Foundation (checked against it):
/// `islamic-civil` counts from Friday 16 July 622 Julian (0622-07-19 proleptic
/// Gregorian), `islamic-tabular` from Thursday 15 July 622 Julian (0622-07-18), so a
/// tabular date is one day ahead of the civil one.
struct IslamicArithmeticRules: YearRules {
    let identifier: CalendarIdentifier
    let epoch: Int

    static let civil = IslamicArithmeticRules(
        identifier: .islamicCivil, epoch: GregorianMath.dayNumber(year: 622, month: 7, day: 19))
    static let tabular = IslamicArithmeticRules(
        identifier: .islamicTabular, epoch: GregorianMath.dayNumber(year: 622, month: 7, day: 18))

    static func isLeapYear(_ year: Int) -> Bool {
        CalendarMath.mod(14 + 11 * year, 30) < 11
    }

    func newYear(_ year: Int) -> Int {
        epoch + (year - 1) * 354 + CalendarMath.floorDiv(3 + 11 * year, 30)
    }

    func layout(ofYear year: Int) -> YearLayout? {
        let leap = Self.isLeapYear(year)
        let months = (1...12).map { m in
            (month: m, isLeapMonth: false, length: m % 2 == 1 || (m == 12 && leap) ? 30 : 29)
        }
        return YearLayout(year: year, first: newYear(year), months: months)
    }

    func estimatedYear(containing dayNumber: Int) -> Int {
        // 10631 days per 30 years.
        CalendarMath.floorDiv(30 * (dayNumber - epoch) + 10_646, 10_631)
    }
}
