/// The years a policy's text names, read off its bytes without running it.
///
/// Why: `diff` without a span evaluates a span of whole years, and a policy's rules are often
/// tables of dates (`["2030-05-01"] = "x"`, `cal.byYear` builders with `[2030] = …` rows or
/// `year == 2030` branches, `cal.dayNumber(2030, 5, 1)` calls). An edit to a row outside the span
/// compared would pass as "no differences"; so the default span covers every year either
/// version mentions. The scan is lexical and generous on purpose: a year inside a comment or
/// a string counts too, which at worst widens the span. A number counts only in a place where
/// a year is written:
/// - an ISO date or month, `2030-05-01`, `2030-05` or `2030-W18`;
/// - a table key or index, `[2030]`;
/// - a comparison or assignment with a name holding "year" (or `y`, `yr`): `year == 2030`,
///   `day.year >= 2030`, `{year = 2030}`, `for y = 2026, 2035`;
/// - the first argument of a `cal` function taking a year (`cal.easter(2030)`,
///   `cal.dayNumber(2030, 5, 1)`), or of any call or table followed by a month and a day
///   (`f(2030, 5, 1)`, `{2030, 5, 1}`).
/// Only four-digit numbers in `range` count (1583...9998), never part of a longer number, a name, a hex
/// or decimal fraction (`10000`, `x2030`, `0x2030`, `2030.5` are no years).
public enum PolicyYears {
    /// The years a mention may name: the Gregorian calendar's first whole year to the last
    /// but one four-digit year. 9999 is left out: it is the usual "no end" sentinel
    /// (`to = "9999-12-31"`, `year < 9999`), not a year anyone edits rows for.
    public static let range = 1583...9998

    /// Every year in `range` that `source` mentions (see the type's comment).
    public static func mentioned(in source: [UInt8]) -> Set<Int> {
        var years = Set<Int>()
        var index = 0
        let count = source.count
        while index < count {
            guard isDigit(source[index]) else { index += 1; continue }
            let start = index
            while index < count, isDigit(source[index]) { index += 1 }
            guard index - start == 4, let year = standalone(source, start, index), range.contains(year) else { continue }
            if isoDate(after: index, in: source) || tableKey(source, start, index) || dateCall(source, start, index) {
                years.insert(year)
            } else if let compared = yearComparison(source, start, index, year: year) {
                years.formUnion(compared)
            }
        }
        return years
    }

    // MARK: - The forms a year is written in

    /// `YYYY-MM`, `YYYY-MM-DD` or `YYYY-Www`, the month 01...12, the day 01...31, the week 01...53.
    private static func isoDate(after end: Int, in s: [UInt8]) -> Bool {
        guard end < s.count, s[end] == UInt8(ascii: "-") else { return false }
        if end + 1 < s.count, s[end + 1] == UInt8(ascii: "W") {
            guard let week = twoDigits(s, end + 2), (1...53).contains(week) else { return false }
            return !isDigit(at: end + 4, in: s)
        }
        guard let month = twoDigits(s, end + 1), (1...12).contains(month) else { return false }
        let afterMonth = end + 3
        if afterMonth < s.count, s[afterMonth] == UInt8(ascii: "-"), isDigit(at: afterMonth + 1, in: s) {
            guard let day = twoDigits(s, afterMonth + 1), (1...31).contains(day) else { return false }
            return !isDigit(at: afterMonth + 3, in: s)
        }
        return !isDigit(at: afterMonth, in: s)
    }

    /// `[2030]`, spaces allowed inside the brackets.
    private static func tableKey(_ s: [UInt8], _ start: Int, _ end: Int) -> Bool {
        let before = skipSpaceBackward(s, start - 1), after = skipSpaceForward(s, end)
        return before >= 0 && s[before] == UInt8(ascii: "[") && after < s.count && s[after] == UInt8(ascii: "]")
    }

    /// The `cal` functions whose first argument is a year.
    private static let yearFunctions: Set<String> = ["dayNumber", "format", "daysInMonth", "isLeapYear", "nthWeekday",
                                                     "nthWeekdayDayNumber", "easter", "easterDayNumber"]

    /// `cal.easter(2030`, a `cal` function taking a year first; or `(2030, 5, 1` or
    /// `{2030, 5, 1`: a year, then a month 1...12, then a day 1...31.
    private static func dateCall(_ s: [UInt8], _ start: Int, _ end: Int) -> Bool {
        let before = skipSpaceBackward(s, start - 1)
        guard before >= 0, s[before] == UInt8(ascii: "(") || s[before] == UInt8(ascii: "{") else { return false }
        let nameEnd = skipSpaceBackward(s, before - 1)
        if s[before] == UInt8(ascii: "("), nameEnd >= 0,
           yearFunctions.contains(String(decoding: nameBackward(s, endingAt: nameEnd), as: UTF8.self)) {
            return true
        }
        guard let (month, afterMonth) = smallArgument(s, end), (1...12).contains(month),
              let (day, _) = smallArgument(s, afterMonth), (1...31).contains(day) else { return false }
        return true
    }

    /// `year == 2030`, `2030 <= day.year`, `{year = 2030}`; `for y = 2026, 2035` names both.
    /// Nil when the number is not compared with or given to a year-named name.
    private static func yearComparison(_ s: [UInt8], _ start: Int, _ end: Int, year: Int) -> Set<Int>? {
        // The name on the left: NAME OP YEAR.
        let operatorEnd = skipSpaceBackward(s, start - 1)
        if operatorEnd >= 0, let operatorStart = operatorStart(s, endingAt: operatorEnd) {
            let nameEnd = skipSpaceBackward(s, operatorStart - 1)
            if nameEnd >= 0, isYearName(nameBackward(s, endingAt: nameEnd)) {
                var years: Set<Int> = [year]
                // A numeric for's limit: `y = 2026, 2035`.
                if let (limit, _) = yearArgument(s, end), range.contains(limit) { years.insert(limit) }
                return years
            }
        }
        // The name on the right: YEAR OP NAME.
        let operatorAt = skipSpaceForward(s, end)
        if let operatorLength = operatorLength(s, at: operatorAt) {
            let nameStart = skipSpaceForward(s, operatorAt + operatorLength)
            if isYearName(nameForward(s, from: nameStart)) { return [year] }
        }
        return nil
    }

    // MARK: - Lexical pieces

    /// The four digits' value unless they are part of a name, a hex number or a decimal fraction.
    private static func standalone(_ s: [UInt8], _ start: Int, _ end: Int) -> Int? {
        if start > 0 {
            let before = s[start - 1]
            if isNameByte(before) { return nil } // x2030, 0x2030, 1e2030
            if before == UInt8(ascii: "."), start > 1, isDigit(s[start - 2]) { return nil } // 1.2030
        }
        if end < s.count {
            let after = s[end]
            if isNameByte(after) { return nil } // 2030e5, 2030abc
            if after == UInt8(ascii: "."), isDigit(at: end + 1, in: s) { return nil } // 2030.5
        }
        var value = 0
        for byte in s[start..<end] { value = value * 10 + Int(byte - UInt8(ascii: "0")) }
        return value
    }

    /// `, N` with N of one or two digits: its value and where it ends.
    private static func smallArgument(_ s: [UInt8], _ from: Int) -> (Int, Int)? {
        argument(s, from, digits: 1...2)
    }

    /// `, NNNN`: its value and where it ends.
    private static func yearArgument(_ s: [UInt8], _ from: Int) -> (Int, Int)? {
        argument(s, from, digits: 4...4)
    }

    private static func argument(_ s: [UInt8], _ from: Int, digits: ClosedRange<Int>) -> (Int, Int)? {
        let comma = skipSpaceForward(s, from)
        guard comma < s.count, s[comma] == UInt8(ascii: ",") else { return nil }
        let start = skipSpaceForward(s, comma + 1)
        var end = start
        while end < s.count, isDigit(s[end]) { end += 1 }
        guard digits.contains(end - start), let value = standalone(s, start, end) else { return nil }
        return (value, end)
    }

    /// The comparison or assignment operator ending at `end` (inclusive): where it starts.
    private static func operatorStart(_ s: [UInt8], endingAt end: Int) -> Int? {
        let last = s[end]
        if last == UInt8(ascii: "<") || last == UInt8(ascii: ">") { return end }
        guard last == UInt8(ascii: "=") else { return nil }
        if end > 0, [UInt8(ascii: "="), UInt8(ascii: "~"), UInt8(ascii: "<"), UInt8(ascii: ">")].contains(s[end - 1]) {
            return end - 1
        }
        return end
    }

    /// The length of the comparison operator at `at`, if one is there (`=` is no comparison
    /// with the name on its right).
    private static func operatorLength(_ s: [UInt8], at: Int) -> Int? {
        guard at < s.count else { return nil }
        let first = s[at], second: UInt8? = at + 1 < s.count ? s[at + 1] : nil
        switch first {
        case UInt8(ascii: "<"), UInt8(ascii: ">"): return second == UInt8(ascii: "=") ? 2 : 1
        case UInt8(ascii: "="), UInt8(ascii: "~"): return second == UInt8(ascii: "=") ? 2 : nil
        default: return nil
        }
    }

    /// The name (its last dotted part) ending at `end` (inclusive).
    private static func nameBackward(_ s: [UInt8], endingAt end: Int) -> ArraySlice<UInt8> {
        var start = end
        while start >= 0, isNameByte(s[start]) { start -= 1 }
        return s[(start + 1)..<(end + 1)]
    }

    /// The name starting at `start`, dotted parts included; its last part.
    private static func nameForward(_ s: [UInt8], from start: Int) -> ArraySlice<UInt8> {
        var partStart = start, end = start
        while end < s.count, isNameByte(s[end]) || s[end] == UInt8(ascii: ".") {
            if s[end] == UInt8(ascii: ".") { partStart = end + 1 }
            end += 1
        }
        return s[min(partStart, end)..<end]
    }

    private static func isYearName(_ name: ArraySlice<UInt8>) -> Bool {
        guard let first = name.first, !isDigit(first) else { return false }
        let lower = String(decoding: name, as: UTF8.self).lowercased()
        return lower.contains("year") || lower == "y" || lower == "yr"
    }

    private static func twoDigits(_ s: [UInt8], _ at: Int) -> Int? {
        guard isDigit(at: at, in: s), isDigit(at: at + 1, in: s) else { return nil }
        return Int(s[at] - UInt8(ascii: "0")) * 10 + Int(s[at + 1] - UInt8(ascii: "0"))
    }

    private static func skipSpaceForward(_ s: [UInt8], _ from: Int) -> Int {
        var at = from
        while at < s.count, isSpace(s[at]) { at += 1 }
        return at
    }

    private static func skipSpaceBackward(_ s: [UInt8], _ from: Int) -> Int {
        var at = from
        while at >= 0, isSpace(s[at]) { at -= 1 }
        return at
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    private static func isDigit(at index: Int, in s: [UInt8]) -> Bool { index >= 0 && index < s.count && isDigit(s[index]) }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        isDigit(byte) || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z")) || byte == UInt8(ascii: "_")
    }
}
