import CalendarData
import CalendarCore
import PolicyEngine

/// Converts option values to typed values, each failure an `invalidValue` that says
/// what was expected. Dates on the command line are Gregorian ISO.
public enum ValueParser {
    public static func day(_ text: String, option: OptionSpec) throws(RequestError) -> Day {
        do {
            return try Day(iso: text)
        } catch {
            throw RequestError(option, value: text, reason: reason(for: error))
        }
    }

    public static func reason(for error: DayError) -> String {
        switch error {
        case .empty, .malformed: return "expected a date YYYY-MM-DD"
        case .yearOutOfRange: return "year must be 0001...9999"
        case .monthOutOfRange: return "month must be 1...12"
        case .dayOutOfRange(let day, let month, let year, let length):
            let name = String(year).leftPadded(4) + "-" + String(month).leftPadded(2)
            return "day \(day) does not exist in \(name) (it has \(length) days)"
        }
    }

    /// A month as a user of `calendar` writes it (`YYYY-MM`, `YYYY-MML` for a leap month,
    /// `ERA:YYYY-MM` where the calendar has eras). CalendarCore owns the grammar and checks
    /// that the month exists, so the CLI and the library never disagree on what a month is.
    public static func month(_ text: String, option: OptionSpec, calendar: CalendarIdentifier)
        throws(RequestError) -> CalendarMonth
    {
        try fourDigitYear(text, option: option, calendar: calendar)
        do {
            return try CalendarMonth.parse(text, calendar: calendar)
        } catch {
            throw RequestError(option, value: text, reason: error.reason)
        }
    }

    public static func year(_ text: String, option: OptionSpec) throws(RequestError) -> Int {
        guard (1...6).contains(text.count), text.allSatisfy(\.isASCIIDigit), let year = Int(text), year >= 1 else {
            throw RequestError(option, value: text, reason: "expected a positive year YYYY")
        }
        return year
    }

    public static func integer(_ text: String, option: OptionSpec, in range: ClosedRange<Int>) throws(RequestError) -> Int {
        guard !text.isEmpty, text.count <= 9, text.allSatisfy(\.isASCIIDigit), let value = Int(text),
              range.contains(value)
        else {
            let bound = range.upperBound == Int.max ? "at least \(range.lowerBound)"
                : "\(range.lowerBound)...\(range.upperBound)"
            throw RequestError(option, value: text, reason: "expected an integer \(bound)")
        }
        return value
    }

    /// The seconds a deadline option allows (`--timeout`).
    public static let secondsRange: ClosedRange<Double> = 0.001...86_400

    public static func seconds(_ text: String, option: OptionSpec) throws(RequestError) -> Double {
        guard let value = Double(text), value.isFinite, text.allSatisfy({ $0.isNumber || $0 == "." }) else {
            throw RequestError(option, value: text, reason: "expected a number of seconds")
        }
        guard secondsRange.contains(value) else {
            throw RequestError(option, value: text, reason: "must be between 0.001 and 86400 seconds")
        }
        return value
    }

    /// One of a fixed set of words, with a "did you mean" for near misses.
    /// A length of time as `overlay --min-duration` takes it: hours and minutes (`2h`, `90m`,
    /// `1h30m`), at least a minute and at most 366 days; in seconds.
    public static func duration(_ text: String, option: OptionSpec) throws(RequestError) -> Int64 {
        try duration(text, option: option, seconds: false)
    }

    /// A duration that may end in seconds (`--max-wait 90s`, `1m30s`), from 1 s to 366 days.
    public static func waitDuration(_ text: String, option: OptionSpec) throws(RequestError) -> Int64 {
        try duration(text, option: option, seconds: true)
    }

    static func duration(_ text: String, option: OptionSpec, seconds: Bool) throws(RequestError) -> Int64 {
        let expected = seconds ? "expected a duration such as 2h, 90m, 1h30m or 45s" : "expected a duration such as 2h, 90m or 1h30m"
        let bytes = Array(text.utf8)
        var total: Int64 = 0, number: Int64 = 0, digits = 0, units = 0, sawHours = false, sawMinutes = false, sawSeconds = false
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                guard digits < 6 else { throw RequestError(option, value: text, reason: expected) }
                number = number * 10 + Int64(byte - UInt8(ascii: "0"))
                digits += 1
            case UInt8(ascii: "h") where digits > 0 && !sawHours && !sawMinutes && !sawSeconds:
                total += number * 3600
                (number, digits, sawHours, units) = (0, 0, true, units + 1)
            case UInt8(ascii: "m") where digits > 0 && !sawMinutes && !sawSeconds:
                total += number * 60
                (number, digits, sawMinutes, units) = (0, 0, true, units + 1)
            case UInt8(ascii: "s") where seconds && digits > 0 && !sawSeconds:
                total += number
                (number, digits, sawSeconds, units) = (0, 0, true, units + 1)
            default:
                throw RequestError(option, value: text, reason: expected)
            }
        }
        guard digits == 0, units > 0 else { throw RequestError(option, value: text, reason: expected) }
        guard total >= (seconds ? 1 : 60), total <= 366 * 86_400 else {
            throw RequestError(option, value: text, reason: "must be at least \(seconds ? "1s" : "1m") and at most 366 days (8784h)")
        }
        return total
    }

    /// `KEY=VALUE` entries (`--context`, `context.KEY` over HTTP) as one context: an unknown key
    /// is refused with a near one (a typo must never silently widen a freeze).
    public static func context(_ entries: [String], option: OptionSpec) throws(RequestError) -> DecisionContext {
        var context = DecisionContext()
        for entry in entries {
            guard let equals = entry.firstIndex(of: "=") else {
                throw RequestError(option, value: entry, reason: "expected KEY=VALUE (environment=production)")
            }
            let key = String(entry[..<equals])
            do {
                try context.set(key, String(entry[entry.index(after: equals)...]))
            } catch {
                var reason = error.reason
                if case .unknownKey = error, let near = Suggestion.nearest(to: key, among: DecisionContext.keys) {
                    reason = "unknown context key '\(InputEcho.cut(key))' — did you mean '\(near)'?"
                }
                throw RequestError(option, value: entry, reason: reason)
            }
        }
        return context
    }

    public static func choice(_ text: String, option: OptionSpec, among choices: [String]) throws(RequestError) -> String {
        if choices.contains(text) { return text }
        var reason = "expected one of " + choices.joined(separator: ", ")
        if let near = Suggestion.nearest(to: text, among: choices) { reason += "; did you mean '\(near)'?" }
        throw RequestError(option, value: text, reason: reason)
    }

    public static func calendar(_ text: String, option: OptionSpec) throws(RequestError) -> CalendarIdentifier {
        if let identifier = CalendarIdentifier(name: text) { return identifier }
        let name = try choice(text, option: option, among: CalendarIdentifier.allCases.map(\.rawValue))
        return CalendarIdentifier(rawValue: name) ?? .gregorian
    }

    /// A BCP 47 / ICU style identifier (`en_US`, `de-CH`, `ar@calendar=islamic`).
    public static func locale(_ text: String, option: OptionSpec) throws(RequestError) -> String {
        let allowed = text.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
                || "_-@=;.".unicodeScalars.contains($0)
        }
        guard !text.isEmpty, text.count <= 64, allowed, text.first?.isLetter == true else {
            throw RequestError(option, value: text, reason: "expected a locale identifier such as en_US")
        }
        // Foundation falls back silently on a locale it does not know: refuse it instead,
        // with the closest ones it knows. Keywords (`@calendar=…`) and `-` spellings are
        // checked by their language and region, as ICU reads them (`LocaleCatalog.resolve`).
        let base = String(text.prefix { $0 != "@" }).replacingOccurrences(of: "-", with: "_")
        guard LocaleCatalog.resolve(base) != nil else {
            let near = LocaleCatalog.nearest(to: base)
            let reason = near.isEmpty ? "unknown locale; expected one Foundation knows, such as en_US"
                : "unknown locale; did you mean " + near.map { "'\($0)'" }.joined(separator: " or ") + "?"
            throw RequestError(option, value: text, reason: reason)
        }
        return text
    }
}

extension Character {
    public var isASCIIDigit: Bool { isASCII && isNumber }
}

extension ValueParser {
    /// A year written without an era has four digits at least, so `26-02` is refused instead
    /// of silently showing the year 26 (`0026-02` asks for it). Years inside an era
    /// (`reiwa:8-12`, `1:115`) are short by nature and keep their own checks.
    public static func fourDigitYear(_ text: String, option: OptionSpec, calendar: CalendarIdentifier) throws(RequestError) {
        // Four leading ASCII digits never need the hint (read by bytes: the Character checks
        // below cost ~14 K instructions of every `--month`).
        if text.utf8.count >= 4, text.utf8.prefix(4).allSatisfy({ (0x30...0x39).contains($0) }) { return }
        guard eraPrefix(text, calendar: calendar).era == nil, !text.contains(":") else { return }
        let digits = text.prefix { $0.isASCIIDigit }
        guard !digits.isEmpty, digits.count < 4 else { return }
        // Only where the rest reads as a month (`-MM`, `-MML`) or nothing: other shapes get
        // the grammar's own message.
        let rest = text.dropFirst(digits.count)
        let monthPart = rest.dropFirst().prefix { $0.isASCIIDigit }
        guard rest.isEmpty || (rest.first == "-" && (1...2).contains(monthPart.count)
            && ["", "L"].contains(String(rest.dropFirst(1 + monthPart.count)))) else { return }
        let padded = String(repeating: "0", count: 4 - digits.count) + digits + text.dropFirst(digits.count)
        throw RequestError(option, value: text, reason: "years have four digits; write '\(padded)' for the year \(digits)")
    }

    /// Splits an optional `ERA:` prefix off a year (`heisei:31`, `0:1` for ROC before Minguo);
    /// an unknown era is left in place so the year parser reports the whole text.
    public static func eraPrefix(_ text: String, calendar: CalendarIdentifier) -> (era: Int?, rest: String) {
        guard let colon = text.firstIndex(of: ":") else { return (nil, text) }
        let name = String(text[..<colon])
        let rest = String(text[text.index(after: colon)...])
        if let number = Int(name), number >= 0 { return (number, rest) }
        if calendar == .japanese, let number = JapaneseCalendarSystem.era(named: name) { return (number, rest) }
        return (nil, text)
    }
}
