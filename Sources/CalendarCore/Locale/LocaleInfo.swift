import Foundation

/// What a locale says about calendars: its first weekday, its week-numbering rule,
/// and month and weekday names.
///
/// The one place CalendarCore uses Foundation. Lookups are made once per locale (and
/// once per month name) and cached for the process, since creating formatters costs
/// far more than a whole grid. Formatting always runs in UTC on a civil day's noon,
/// so neither the machine's time zone nor a DST change can alter a name.
public struct LocaleInfo: Hashable, Sendable {
    public enum MonthStyle: String, Hashable, Sendable, CaseIterable {
        case full, short
    }

    public enum WeekdayStyle: String, Hashable, Sendable, CaseIterable {
        case veryShort, short, full
    }

    /// The identifier as given (`en_US`, `de_DE`, `ar_EG`).
    public let identifier: String
    /// 1 = Sunday … 7 = Saturday.
    public let firstWeekday: Int
    public let minimumDaysInFirstWeek: Int
    private let weekdays: LocaleWeekdayNames

    public init(identifier: String) {
        let facts = LocaleInfoCache.shared.facts(for: identifier)
        self.identifier = identifier
        self.firstWeekday = facts.firstWeekday
        self.minimumDaysInFirstWeek = facts.minimumDaysInFirstWeek
        self.weekdays = facts.weekdays
    }

    /// The locale's own week numbering (US: weeks from Sunday, week 1 holds Jan 1).
    public var weekRule: WeekRule {
        .locale(firstWeekday: firstWeekday, minimumDaysInFirstWeek: minimumDaysInFirstWeek)
    }

    /// Seven stand-alone weekday names; index 0 is Sunday, whatever the first weekday.
    public func weekdaySymbols(style: WeekdayStyle = .short) -> [String] {
        switch style {
        case .veryShort: return weekdays.veryShort
        case .short: return weekdays.short
        case .full: return weekdays.full
        }
    }

    /// Weekday names in display order, starting at `firstWeekday` (wrapping).
    public func orderedWeekdaySymbols(style: WeekdayStyle = .short, firstWeekday: Int? = nil) -> [String] {
        let symbols = weekdaySymbols(style: style)
        let start = Weekdays.normalized(firstWeekday ?? self.firstWeekday) - 1
        return (0..<7).map { symbols[(start + $0) % 7] }
    }

    /// The stand-alone name of `month` in `calendar` (`March`, `Adar I`, `Farvardin`).
    /// A month the calendar does not have is named by its number.
    public func monthName(_ month: CalendarMonth, calendar: CalendarIdentifier, style: MonthStyle = .full) -> String {
        LocaleInfoCache.shared.monthName(month, calendar: calendar, style: style, locale: identifier)
    }

    /// The locale's full date for `day` in `calendar`, weekday included: `Friday, December 25,
    /// 2026` (en_US), `Freitag, 25. Dezember 2026` (de_DE), the month named as `monthName` names it.
    public func fullDate(_ day: Day, calendar: CalendarIdentifier) -> String {
        LocaleInfoCache.shared.fullDate(day, calendar: calendar, locale: identifier)
    }
}

/// Weekday names of one locale in every style, index 0 = Sunday.
struct LocaleWeekdayNames: Hashable, Sendable {
    var veryShort: [String]
    var short: [String]
    var full: [String]
}
