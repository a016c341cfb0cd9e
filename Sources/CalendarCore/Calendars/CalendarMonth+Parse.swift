/// Why a month string given on the command line is not a month of the calendar.
public struct CalendarMonthParseError: Error, Hashable, Sendable, CustomStringConvertible {
    public let text: String
    public let calendar: CalendarIdentifier
    /// What was expected or what does not exist, lowercase, without the input.
    public let reason: String

    public var description: String {
        "invalid month '\(text)' for calendar '\(calendar.rawValue)': \(reason)"
    }
}

extension CalendarMonth {
    /// Parses a month as a user of `calendar` writes it and checks that it exists.
    ///
    /// Forms: `YYYY-MM`, and `YYYY-MML` for a leap month (Chinese `2023-02L`; Hebrew
    /// Adar I is `YYYY-06`, with or without `L`). Years are the calendar's own (Hebrew
    /// AM, Persian AP, Chinese related Gregorian year …) and may be negative.
    /// Calendars with eras take an optional `ERA:` prefix, the era number
    /// (`0:1-05` is ROC year 1 before Minguo); without it the current era is meant.
    /// Japanese also takes era names (`heisei:31-04`, `reiwa:1-05`); a Japanese month
    /// *without* an era is read as the Gregorian year and month and given the era
    /// in force on that month's first day (`1989-01` is Shōwa 64 January).
    public static func parse(
        _ text: String, calendar: CalendarIdentifier
    ) throws(CalendarMonthParseError) -> CalendarMonth {
        try parse(text, calendar: calendar, bytesFirst: true)
    }

    /// `bytesFirst: false` skips the byte reading of `YYYY-MM` (tests hold the two readings equal).
    static func parse(
        _ text: String, calendar: CalendarIdentifier, bytesFirst: Bool
    ) throws(CalendarMonthParseError) -> CalendarMonth {
        func fail(_ reason: String) -> CalendarMonthParseError {
            CalendarMonthParseError(text: text, calendar: calendar, reason: reason)
        }
        // The common `YYYY-MM`, read by bytes (the general reading below breaks the text into
        // Characters: ~25 K instructions of every `--month`); the same checks follow.
        if bytesFirst, let (year, month) = plainYearMonth(text) {
            return try checked(CalendarMonth(era: nil, year: year, month: month, isLeapMonth: false),
                               era: nil, isLeap: false, calendar: calendar, fail: fail)
        }
        let shape = "expected YYYY-MM, YYYY-MML for a leap month, or ERA:YYYY-MM"
        func isDigit(_ c: Character) -> Bool { c.isASCII && c.isNumber }
        var body = Substring(text)
        var era: Int?
        if let colon = body.firstIndex(of: ":") {
            let name = body[..<colon]
            if let number = Int(name), number >= 0 {
                era = number
            } else if calendar == .japanese, let number = JapaneseCalendarSystem.era(named: String(name)) {
                era = number
            } else {
                throw fail("unknown era '\(name)'")
            }
            body = body[body.index(after: colon)...]
        }
        var isLeap = false
        if let last = body.last, last == "L" || last == "l" {
            isLeap = true
            body = body.dropLast()
        }
        let negative = body.first == "-"
        if negative { body = body.dropFirst() }
        let parts = body.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2,
              (1...6).contains(parts[0].count), parts[0].allSatisfy(isDigit), let year = Int(parts[0]),
              parts[1].count == 2, parts[1].allSatisfy(isDigit), let month = Int(parts[1])
        else { throw fail(shape) }
        return try checked(CalendarMonth(era: era, year: negative ? -year : year, month: month, isLeapMonth: isLeap),
                           era: era, isLeap: isLeap, calendar: calendar, fail: fail)
    }

    /// Year and month of exactly `DDDD-DD` (ASCII digits), else nil.
    private static func plainYearMonth(_ text: String) -> (year: Int, month: Int)? {
        let bytes = text.utf8
        guard bytes.count == 7 else { return nil }
        var year = 0, month = 0
        for (offset, byte) in bytes.enumerated() {
            if offset == 4 {
                guard byte == 0x2D else { return nil }
                continue
            }
            guard (0x30...0x39).contains(byte) else { return nil }
            if offset < 4 { year = year * 10 + Int(byte - 0x30) } else { month = month * 10 + Int(byte - 0x30) }
        }
        return (year, month)
    }

    /// The checks every reading ends with: the month number, the era, that the month exists.
    private static func checked(
        _ parsed: CalendarMonth, era: Int?, isLeap: Bool, calendar: CalendarIdentifier,
        fail: (String) -> CalendarMonthParseError
    ) throws(CalendarMonthParseError) -> CalendarMonth {
        var result = parsed
        let month = result.month
        let monthsInYear = CalendarMonth.maximumMonthNumber(calendar)
        guard (1...monthsInYear).contains(month) else { throw fail("month must be 1...\(monthsInYear)") }

        let system = CalendarSystems.system(for: calendar)
        if calendar == .hebrew, month == 6 { result.isLeapMonth = true }
        if calendar == .japanese, era == nil {
            guard (1...9999).contains(result.year), (1...12).contains(month), !isLeap else {
                throw fail("expected a Gregorian YYYY-MM, or ERA:YYYY-MM with a Japanese era")
            }
            let first = Day(dayNumber: GregorianMath.dayNumber(year: result.year, month: month, day: 1))
            return system.date(of: first).month
        }
        if era == nil {
            // The era of today's dates, so the result equals what `date(of:)` returns.
            result.era = system.date(of: Day(dayNumber: 0)).month.era
        }
        do {
            _ = try system.span(of: result)
        } catch {
            throw fail(error.description)
        }
        return result
    }
}

extension CalendarMonth {
    /// The highest month number a calendar uses in any year (Foundation's numbering:
    /// Hebrew Elul is 13, the Coptic and Ethiopic epagomenal month is 13).
    static func maximumMonthNumber(_ calendar: CalendarIdentifier) -> Int {
        switch calendar {
        case .hebrew, .coptic, .ethiopicAmeteMihret, .ethiopicAmeteAlem: return 13
        default: return 12
        }
    }
}
