/// The Persian (Solar Hijri) calendar by the 33-year arithmetic rule Foundation (ICU)
/// uses: year Y is leap when (25·Y + 11) mod 33 < 8. Months 1–6 have 31 days,
/// 7–11 have 30, Esfand 29 (30 in leap years).
///
/// Chosen over the astronomical rule (year starts on the day of the March equinox at
/// Tehran) because it is exact integer arithmetic and matches Foundation. Within
/// 1900–2300 CE the two part only in AP 1503, 1602, 1635 and 1668, each starting a day
/// earlier by the equinox (see docs/calendars.md).
struct PersianRules: YearRules {
    var identifier: CalendarIdentifier { .persian }

    /// ICU's PERSIAN_EPOCH, Julian day 1948320, as a day number: 1 Farvardin 1 AP is
    /// 0622-03-22 proleptic Gregorian (19 March 622 Julian).
    static let epoch = 1_948_320 - 2_440_588

    static func isLeapYear(_ year: Int) -> Bool {
        CalendarMath.mod(25 * year + 11, 33) < 8
    }

    static func newYear(_ year: Int) -> Int {
        epoch + 365 * (year - 1) + CalendarMath.floorDiv(8 * year + 21, 33)
    }

    func layout(ofYear year: Int) -> YearLayout? {
        let leap = Self.isLeapYear(year)
        let months = (1...12).map { m in
            (month: m, isLeapMonth: false, length: m <= 6 ? 31 : (m <= 11 ? 30 : (leap ? 30 : 29)))
        }
        return YearLayout(year: year, first: Self.newYear(year), months: months)
    }

    func estimatedYear(containing dayNumber: Int) -> Int {
        // 12053 days per 33 years.
        CalendarMath.floorDiv(33 * (dayNumber - Self.epoch), 12_053) + 1
    }
}
