/// The Indian national (Saka) calendar: year Y starts on 22 March of Gregorian year
/// Y + 78 (21 March when that year is a Gregorian leap year); Chaitra has 30 days
/// (31 in leap years), Vaisakha…Bhadra 31, Asvina…Phalguna 30.
struct IndianRules: YearRules {
    var identifier: CalendarIdentifier { .indian }
    static let sakaOffset = 78

    func layout(ofYear year: Int) -> YearLayout? {
        let gregorianYear = year + Self.sakaOffset
        let leap = GregorianMath.isLeapYear(gregorianYear)
        let start = GregorianMath.dayNumber(year: gregorianYear, month: 3, day: leap ? 21 : 22)
        let months = (1...12).map { m in
            (month: m, isLeapMonth: false, length: m == 1 ? (leap ? 31 : 30) : (m <= 6 ? 31 : 30))
        }
        return YearLayout(year: year, first: start, months: months)
    }

    func estimatedYear(containing dayNumber: Int) -> Int {
        GregorianMath.civil(from: dayNumber).year - Self.sakaOffset
    }
}
