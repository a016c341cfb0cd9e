import Foundation

/// Process-wide cache behind `LocaleInfo`. Foundation formatters are not Sendable,
/// so they are only created and used while the lock is held.
final class LocaleInfoCache: @unchecked Sendable {
    static let shared = LocaleInfoCache()

    struct Facts: Sendable {
        var firstWeekday: Int
        var minimumDaysInFirstWeek: Int
        var weekdays: LocaleWeekdayNames
    }

    private struct MonthKey: Hashable {
        var locale: String
        var calendar: CalendarIdentifier
        var month: CalendarMonth
        var style: LocaleInfo.MonthStyle
    }

    private struct FormatterKey: Hashable {
        var locale: String
        var calendar: CalendarIdentifier
    }

    private let lock = NSLock()
    private var facts: [String: Facts] = [:]
    private var monthNames: [MonthKey: String] = [:]
    private var monthTitles: [MonthKey: String] = [:]
    /// Full-date formatters, one per locale and calendar, used only while the lock is held.
    private var fullDateFormatters: [FormatterKey: DateFormatter] = [:]

    func facts(for identifier: String) -> Facts {
        lock.lock()
        defer { lock.unlock() }
        if let known = facts[identifier] { return known }
        let locale = Locale(identifier: identifier)
        var calendar = Calendar(identifier: .gregorian)
        calendar.locale = locale
        let formatter = DateFormatter()
        formatter.locale = locale
        formatter.calendar = calendar
        let names = LocaleWeekdayNames(
            veryShort: LocaleInfoCache.seven(formatter.veryShortStandaloneWeekdaySymbols, fallback: ["S", "M", "T", "W", "T", "F", "S"]),
            short: LocaleInfoCache.seven(formatter.shortStandaloneWeekdaySymbols, fallback: ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]),
            full: LocaleInfoCache.seven(formatter.standaloneWeekdaySymbols,
                                        fallback: ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]))
        let found = Facts(firstWeekday: Weekdays.normalized(calendar.firstWeekday),
                          minimumDaysInFirstWeek: Swift.min(Swift.max(calendar.minimumDaysInFirstWeek, 1), 7),
                          weekdays: names)
        facts[identifier] = found
        return found
    }

    func monthName(_ month: CalendarMonth, calendar: CalendarIdentifier, style: LocaleInfo.MonthStyle,
                   locale: String) -> String {
        let key = MonthKey(locale: locale, calendar: calendar, month: month, style: style)
        lock.lock()
        defer { lock.unlock() }
        if let known = monthNames[key] { return known }
        let name = LocaleInfoCache.formatMonth(month, calendar: calendar, style: style, locale: locale)
        monthNames[key] = name
        return name
    }

    func monthTitleWithEra(_ month: CalendarMonth, calendar: CalendarIdentifier, locale: String) -> String {
        let key = MonthKey(locale: locale, calendar: calendar, month: month, style: .full)
        lock.lock()
        defer { lock.unlock() }
        if let known = monthTitles[key] { return known }
        let title = LocaleInfoCache.formatMonthTitleWithEra(month, calendar: calendar, locale: locale)
        monthTitles[key] = title
        return title
    }

    /// The locale's full date style for `day` in `calendar` (`Friday, December 25, 2026`,
    /// `Freitag, 25. Dezember 2026`). The formatter is made once per locale and calendar.
    func fullDate(_ day: Day, calendar: CalendarIdentifier, locale: String) -> String {
        let key = FormatterKey(locale: locale, calendar: calendar)
        lock.lock()
        defer { lock.unlock() }
        let formatter: DateFormatter
        if let known = fullDateFormatters[key] {
            formatter = known
        } else {
            formatter = DateFormatter()
            formatter.locale = Locale(identifier: locale)
            var foundationCalendar = Calendar(identifier: LocaleInfoCache.foundationIdentifier(calendar))
            foundationCalendar.timeZone = LocaleInfoCache.utc
            formatter.calendar = foundationCalendar
            formatter.timeZone = LocaleInfoCache.utc
            formatter.dateStyle = .full
            formatter.timeStyle = .none
            fullDateFormatters[key] = formatter
        }
        let cycles = GregorianChange.applies(to: calendar) ? GregorianChange.cycles(for: day) : 0
        guard cycles > 0 else {
            let text = formatter.string(from: LocaleInfoCache.noonUTC(of: day))
            return calendar == .chinese && LocaleInfoCache.isEnglish(locale) ? LocaleInfoCache.englishLeapMonths(text) : text
        }
        // Before 1583: the same day whole 400-year cycles later, its own year put back.
        let later = LocaleInfoCache.noonUTC(of: day.adding(days: cycles * GregorianChange.cycleDays))
        guard let marked = GregorianChange.markingYear(in: formatter.dateFormat) else { return formatter.string(from: later) }
        let early = DateFormatter()
        early.locale = formatter.locale
        early.calendar = formatter.calendar
        early.timeZone = formatter.timeZone
        early.dateFormat = marked.pattern
        let year = GregorianChange.yearText(day.components.year, width: marked.yearWidth, locale: formatter.locale)
        return early.string(from: later).replacing(GregorianChange.yearMark, with: year)
    }

    /// Formats the month's first day with a stand-alone month pattern, which names
    /// leap months correctly (Foundation's symbol lists do not say which entry a
    /// leap month uses). ICU's English names a Chinese leap month with the suffix "bis"
    /// (`Sixth Monthbis`); English reads `Leap Sixth Month`.
    static func formatMonth(_ month: CalendarMonth, calendar: CalendarIdentifier,
                                    style: LocaleInfo.MonthStyle, locale: String) -> String {
        guard let span = try? CalendarSystems.system(for: calendar).span(of: month) else {
            return String(month.month)
        }
        let formatter = self.formatter(calendar: calendar, locale: locale)
        formatter.dateFormat = style == .full ? "LLLL" : "LLL"
        // Before 1583 ICU's Gregorian is Julian: name the same month 400-year cycles later.
        let cycles = GregorianChange.applies(to: calendar) ? GregorianChange.cycles(for: span.first) : 0
        let name = formatter.string(from: noonUTC(of: span.first.adding(days: cycles * GregorianChange.cycleDays)))
        if month.isLeapMonth, calendar == .chinese, isEnglish(locale), name.hasSuffix("bis") {
            return "Leap " + name.dropLast(3)
        }
        return name
    }

    /// The month with its year and era as the locale writes them (`December 8 Reiwa`,
    /// `令和8年12月`), for calendars whose years restart with each era.
    static func formatMonthTitleWithEra(_ month: CalendarMonth, calendar: CalendarIdentifier,
                                        locale: String) -> String {
        guard let span = try? CalendarSystems.system(for: calendar).span(of: month) else {
            return "\(month.month) \(month.year)"
        }
        let formatter = self.formatter(calendar: calendar, locale: locale)
        formatter.setLocalizedDateFormatFromTemplate("GyMMMM")
        return formatter.string(from: noonUTC(of: span.first))
    }

    private static func formatter(calendar: CalendarIdentifier, locale: String) -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: locale)
        var foundationCalendar = Calendar(identifier: foundationIdentifier(calendar))
        foundationCalendar.timeZone = utc
        formatter.calendar = foundationCalendar
        formatter.timeZone = utc
        return formatter
    }

    private static func isEnglish(_ locale: String) -> Bool {
        locale == "en" || locale.hasPrefix("en_") || locale.hasPrefix("en-")
    }

    /// `text` with ICU's English Chinese leap month (`Sixth Monthbis`) written as `monthName`
    /// writes it (`Leap Sixth Month`).
    static func englishLeapMonths(_ text: String) -> String {
        guard text.contains("Monthbis") else { return text }
        var words = text.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        for index in words.indices where words[index].hasPrefix("Monthbis") {
            words[index] = "Month" + words[index].dropFirst("Monthbis".count)
            if index > 0 { words[index - 1] = "Leap " + words[index - 1] }
        }
        return words.joined(separator: " ")
    }

    private static let utc = TimeZone(identifier: "UTC") ?? TimeZone(secondsFromGMT: 0)!

    /// The instant at noon UTC on `day`; noon keeps a day's date stable in any
    /// formatter that might still apply an offset.
    static func noonUTC(of day: Day) -> Date {
        Date(timeIntervalSince1970: Double(day.dayNumber) * 86_400 + 43_200)
    }

    private static func seven(_ symbols: [String]?, fallback: [String]) -> [String] {
        guard let symbols, symbols.count == 7 else { return fallback }
        return symbols
    }

    static func foundationIdentifier(_ id: CalendarIdentifier) -> Calendar.Identifier {
        switch id {
        case .gregorian, .iso8601: return .gregorian
        case .buddhist: return .buddhist
        case .chinese: return .chinese
        case .coptic: return .coptic
        case .ethiopicAmeteMihret: return .ethiopicAmeteMihret
        case .ethiopicAmeteAlem: return .ethiopicAmeteAlem
        case .hebrew: return .hebrew
        case .indian: return .indian
        case .islamic: return .islamic
        case .islamicCivil: return .islamicCivil
        case .islamicTabular: return .islamicTabular
        case .islamicUmmAlQura: return .islamicUmmAlQura
        case .japanese: return .japanese
        case .persian: return .persian
        case .republicOfChina: return .republicOfChina
        }
    }
}
