extension CalendarMonth {
    /// The month as `--month` takes it back (`2026-12`, `5784-06L`, `0:1-05`): the inverse
    /// of `parse(_:calendar:)`. An era prefix appears only for an era other than the current
    /// one; a Japanese month is written as the Gregorian month its first day falls in.
    public func identifier(in system: any CalendarSystem) throws(CalendarError) -> String {
        if system.identifier == .japanese {
            let first = try system.span(of: self).first.components
            return CalendarMonth.yearText(first.year) + "-" + CalendarMonth.twoDigits(first.month)
        }
        var text: String
        if let era, era != system.date(of: Day(dayNumber: 0)).month.era {
            text = "\(era):\(year)"  // a year within an era is short by nature (`0:1-05`)
        } else {
            text = CalendarMonth.yearText(year)
        }
        text += "-" + CalendarMonth.twoDigits(month)
        if isLeapMonth { text += "L" }
        return text
    }

    /// A year with at least four digits (`0026`), a minus sign before them when negative.
    public static func yearText(_ year: Int) -> String {
        let digits = String(year.magnitude)
        return (year < 0 ? "-" : "") + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    static func twoDigits(_ number: Int) -> String { number < 10 ? "0\(number)" : "\(number)" }
}
