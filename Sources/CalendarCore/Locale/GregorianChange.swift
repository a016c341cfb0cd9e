import Foundation

/// Foundation's (ICU's) Gregorian calendar is Julian before 15 October 1582; calpolicy's days
/// are proleptic Gregorian. The Gregorian calendar repeats every 400 years (146,097 days,
/// weekdays included), so a day before the change is formatted as the same day whole cycles
/// later, and its real year is put back in by number (`fullDatePattern`).
enum GregorianChange {
    static let cycleDays = 146_097
    /// 1583-01-01, the first whole Gregorian year everywhere ICU is concerned.
    static let firstSafeDay = Day(dayNumber: GregorianMath.dayNumber(year: 1583, month: 1, day: 1))
    /// A private-use character standing for the year in a rewritten pattern.
    static let yearMark = "\u{E000}"

    /// Calendars ICU computes with its hybrid Julian–Gregorian rules and calpolicy as proleptic Gregorian.
    static func applies(to calendar: CalendarIdentifier) -> Bool {
        calendar == .gregorian || calendar == .iso8601
    }

    /// How many 400-year cycles `day` must move forward to be on or after `firstSafeDay`.
    static func cycles(for day: Day) -> Int {
        let behind = day.distance(to: firstSafeDay)
        guard behind > 0 else { return 0 }
        return (behind + cycleDays - 1) / cycleDays
    }

    /// `pattern` with every run of `y` outside quotes replaced by a quoted `yearMark`, and the
    /// length of the last run (`y` 1, `yyyy` 4); nil when the pattern names no year.
    static func markingYear(in pattern: String) -> (pattern: String, yearWidth: Int)? {
        var out = ""
        var width: Int?
        var quoted = false
        var characters = Array(pattern)[...]
        while let character = characters.first {
            characters = characters.dropFirst()
            if character == "'" {
                quoted.toggle()
                out.append(character)
            } else if !quoted && character == "y" {
                var run = 1
                while characters.first == "y" {
                    run += 1
                    characters = characters.dropFirst()
                }
                width = run
                out += "'" + yearMark + "'"
            } else {
                out.append(character)
            }
        }
        return width.map { (out, $0) }
    }

    /// `year` in the locale's digits, `width` as a date pattern's year field has it (`yy`: two digits).
    static func yearText(_ year: Int, width: Int, locale: Locale) -> String {
        let formatter = NumberFormatter()
        formatter.locale = locale
        formatter.usesGroupingSeparator = false
        formatter.minimumIntegerDigits = width == 1 ? 1 : width
        let value = width == 2 ? year % 100 : year
        return formatter.string(from: NSNumber(value: value)) ?? String(value)
    }
}
