import CalendarCore

/// Month and weekday names and the locale's week facts, as the renderers need them.
///
/// US English in the Gregorian family is built in: it is the default and the most
/// common output, and asking ICU through Foundation costs several times more than
/// the rest of an `eval` (about 6 ms of a run otherwise near 2 ms). Every other
/// locale or calendar asks `LocaleInfo`. A unit test keeps the table equal to ICU's.
public struct DisplayNames: Sendable {
    private enum Source: Sendable {
        case builtInEnglish
        case locale(LocaleInfo)
    }

    private let source: Source
    public let calendar: CalendarIdentifier
    /// The locale identifier as given.
    public let identifier: String

    public init(locale identifier: String, calendar: CalendarIdentifier) {
        self.calendar = calendar
        self.identifier = identifier
        let english = ["en_US", "en-US", "en_US_POSIX", "en"].contains(identifier)
        let gregorianMonths = calendar == .gregorian || calendar == .iso8601
        source = english && gregorianMonths ? .builtInEnglish : .locale(LocaleInfo(identifier: identifier))
    }

    public var isBuiltIn: Bool {
        if case .builtInEnglish = source { return true }
        return false
    }

    public var firstWeekday: Int {
        switch source {
        case .builtInEnglish: return 1
        case .locale(let info): return info.firstWeekday
        }
    }

    public var minimumDaysInFirstWeek: Int {
        switch source {
        case .builtInEnglish: return 1
        case .locale(let info): return info.minimumDaysInFirstWeek
        }
    }

    public var weekRule: WeekRule { .locale(firstWeekday: firstWeekday, minimumDaysInFirstWeek: minimumDaysInFirstWeek) }

    public func monthName(_ month: CalendarMonth) -> String {
        switch source {
        case .builtInEnglish:
            return DisplayNames.englishMonths.indices.contains(month.month - 1)
                ? DisplayNames.englishMonths[month.month - 1] : String(month.month)
        case .locale(let info):
            return info.monthName(month, calendar: calendar, style: .full)
        }
    }

    /// A month's title over its grid: `December 2026`; in the calendars whose years restart
    /// with each era (Japanese, Republic of China) the era too, as the locale writes it:
    /// `December 8 Reiwa`, `December 115 Minguo`.
    public func monthTitle(_ month: CalendarMonth) -> String {
        if case .locale(let info) = source, calendar == .japanese || calendar == .republicOfChina {
            return info.monthTitleWithEra(month, calendar: calendar)
        }
        return "\(monthName(month)) \(month.year)"
    }

    /// A shorter title for a grid too narrow for `monthTitle`: an English Chinese leap month
    /// with its number in digits (`Leap 11th Month 2033` for `Leap Eleventh Month 2033`);
    /// nil when there is no shorter form.
    public func compactMonthTitle(_ month: CalendarMonth) -> String? {
        guard calendar == .chinese, month.isLeapMonth, monthName(month).hasPrefix("Leap ") else { return nil }
        let suffix = switch month.month % 100 {
        case 11, 12, 13: "th"
        default: month.month % 10 == 1 ? "st" : month.month % 10 == 2 ? "nd" : month.month % 10 == 3 ? "rd" : "th"
        }
        return "Leap \(month.month)\(suffix) Month \(month.year)"
    }

    /// The full date of `day` in the locale and calendar: `Friday, December 25, 2026`.
    /// Built in for US English in the Gregorian family (ICU's `EEEE, MMMM d, y`).
    public func fullDate(_ day: Day) -> String {
        switch source {
        case .builtInEnglish:
            let (year, month, dayOfMonth) = day.components
            return DisplayNames.englishWeekdays[day.weekday - 1] + ", " + DisplayNames.englishMonths[month - 1] + " "
                + String(dayOfMonth) + ", " + String(year)
        case .locale(let info):
            return info.fullDate(day, calendar: calendar)
        }
    }

    /// `fullDate(day)` escaped as inside a JSON string, into bytes; the built-in English names
    /// (plain ASCII) are written without making the String.
    func appendFullDate(_ day: Day, jsonEscapedTo out: inout [UInt8]) {
        switch source {
        case .builtInEnglish:
            // Through one pointer: the names are plain ASCII (nothing to escape), and four
            // escaped appends and two numbers cost ~1,200 instructions a JSON day line.
            let (year, month, dayOfMonth) = day.components
            let weekday = day.weekday
            _ = UnsafeRowWriter.append(to: &out, capacity: UnsafeRowWriter.englishFullDateMaxByteCount) { row in
                row.englishFullDate(weekday: weekday, year: year, month: month, day: dayOfMonth)
                return true
            }
        case .locale:
            JSONWriter.escapeContents(fullDate(day), into: &out)
        }
    }

    /// The language part of the locale identifier, lowercased: `de` for `de_DE`, `he` for `he-IL`.
    public var language: String {
        var language = ""
        for character in identifier {
            if character == "_" || character == "-" || character == "@" { break }
            language.append(character)
        }
        return language.lowercased()
    }

    /// Seven names, index 0 = Sunday.
    public func weekdaySymbols(style: LocaleInfo.WeekdayStyle) -> [String] {
        switch source {
        case .locale(let info): return info.weekdaySymbols(style: style)
        case .builtInEnglish:
            switch style {
            case .veryShort: return ["S", "M", "T", "W", "T", "F", "S"]
            case .short: return ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
            case .full: return DisplayNames.englishWeekdays
            }
        }
    }

    /// `englishWeekdays[weekday - 1]` as static text (no array, no String).
    static func englishWeekday(_ weekday: Int) -> StaticString {
        switch weekday {
        case 1: "Sunday"
        case 2: "Monday"
        case 3: "Tuesday"
        case 4: "Wednesday"
        case 5: "Thursday"
        case 6: "Friday"
        default: "Saturday"
        }
    }

    /// `englishMonths[month - 1]` as static text.
    static func englishMonth(_ month: Int) -> StaticString {
        switch month {
        case 1: "January"
        case 2: "February"
        case 3: "March"
        case 4: "April"
        case 5: "May"
        case 6: "June"
        case 7: "July"
        case 8: "August"
        case 9: "September"
        case 10: "October"
        case 11: "November"
        default: "December"
        }
    }

    public static let englishWeekdays = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]

    public static let englishMonths = ["January", "February", "March", "April", "May", "June", "July", "August",
                                "September", "October", "November", "December"]
}
