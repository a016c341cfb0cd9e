/// The Persian (Solar Hijri) calendar by the 33-year arithmetic rule Foundation (ICU)
/// uses: year Y is leap when (25·Y + 11) mod 33 < 8. Months 1–6 have 31 days,
/// 7–11 have 30, Esfand 29 (30 in leap years).
///
/// The official calendar starts the year at the March equinox observed at Tehran;
/// the arithmetic rule agrees with it for the years checked in docs/calendars.md and
/// parts from it outside them, by one day at a time.
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
