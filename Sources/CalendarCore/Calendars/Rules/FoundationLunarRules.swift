import Foundation

/// Calendars only Foundation defines here: Chinese (astronomical lunisolar), Islamic
/// (astronomical) and Islamic Umm al-Qura (Saudi table, arithmetic outside it).
///
/// Each year is read from Foundation once, month by month (two calls a month), and
/// cached by `YearTable`; the days are then plain arithmetic. Chinese years are keyed
/// by the related Gregorian year (the one in which the year's first month begins).
struct FoundationLunarRules: YearRules {
    enum Kind: Sendable { case chinese, islamic, ummAlQura }

    let identifier: CalendarIdentifier
    let kind: Kind
    let calendar: Calendar

    init(kind: Kind) {
        self.kind = kind
        let id: Calendar.Identifier
        switch kind {
        case .chinese: (identifier, id) = (.chinese, .chinese)
        case .islamic: (identifier, id) = (.islamic, .islamic)
        case .ummAlQura: (identifier, id) = (.islamicUmmAlQura, .islamicUmmAlQura)
        }
        var calendar = Calendar(identifier: id)
        calendar.timeZone = TimeZone(secondsFromGMT: 0) ?? calendar.timeZone
        self.calendar = calendar
    }

    /// Noon UTC of a day, so no rounding can move the instant across midnight.
    static func instant(_ dayNumber: Int) -> Date {
        Date(timeIntervalSince1970: Double(dayNumber) * 86_400 + 43_200)
    }

    /// `nil` for an instant no `Day` can hold, so a strange answer cannot trap the conversion.
    static func dayNumber(_ date: Date) -> Int? {
        let days = (date.timeIntervalSince1970 / 86_400).rounded(.down)
        guard days.isFinite, abs(days) < 1e12 else { return nil }
        return Int(days)
    }

    /// Foundation's (era, year) for an extended year; Chinese years run in 60-year eras
    /// counted from 2637 BCE.
    func foundationEraYear(_ year: Int) -> (era: Int, year: Int) {
        switch kind {
        case .chinese:
            let cycle = year + 2636
            return (CalendarMath.floorDiv(cycle, 60) + 1, CalendarMath.mod(cycle, 60) + 1)
        case .islamic, .ummAlQura:
            return (0, year)
        }
    }

    func extendedYear(_ c: DateComponents) -> Int? {
        guard let year = c.year else { return nil }
        switch kind {
        case .chinese:
            guard let era = c.era else { return nil }
            return (era - 1) * 60 + year - 2637
        case .islamic, .ummAlQura:
            return year
        }
    }

    func components(_ dayNumber: Int) -> DateComponents {
        calendar.dateComponents([.era, .year, .month, .day], from: Self.instant(dayNumber))
    }

    func layout(ofYear year: Int) -> YearLayout? {
        let (era, eraYear) = foundationEraYear(year)
        var wanted = DateComponents(era: era, year: eraYear, month: 1, day: 1, hour: 12)
        wanted.isLeapMonth = false
        guard let date = calendar.date(from: wanted), let first = Self.dayNumber(date) else { return nil }
        var months: [(month: Int, isLeapMonth: Bool, length: Int)] = []
        var start = first
        while months.count < 14 {
            let here = calendar.dateComponents([.era, .year, .month, .day, .isLeapMonth], from: Self.instant(start))
            guard let month = here.month, here.day == 1, extendedYear(here) == year else { break }
            var length = 29
            while length < 32, components(start + length).day != 1 { length += 1 }
            months.append((month, here.isLeapMonth ?? false, length))
            start += length
        }
        return YearLayout(year: year, first: first, months: months)
    }

    func estimatedYear(containing dayNumber: Int) -> Int {
        switch kind {
        case .chinese:
            return GregorianMath.civil(from: dayNumber).year
        case .islamic, .ummAlQura:
            return IslamicArithmeticRules.civil.estimatedYear(containing: dayNumber)
        }
    }

    func fallbackDate(of dayNumber: Int) -> CalendarDate {
        let c = calendar.dateComponents([.era, .year, .month, .day, .isLeapMonth], from: Self.instant(dayNumber))
        let month = CalendarMonth(
            year: extendedYear(c) ?? 0, month: c.month ?? 1, isLeapMonth: c.isLeapMonth ?? false)
        return CalendarDate(month: month, day: c.day ?? 1)
    }
}
