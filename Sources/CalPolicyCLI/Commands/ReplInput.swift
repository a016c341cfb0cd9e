import CalendarCore

/// One line typed at `calpolicy repl`, as what it asks. Only the shape is read here; the value
/// is checked by the command that answers it (a bad day is `eval`'s error, in `eval`'s words).
enum ReplInput: Equatable {
    case nothing
    /// `2026-12-24`: the day, as `eval --from D --to D` shows it.
    case day(String)
    /// `2026-12` (or a leap month, `5784-06L`): the month, as `eval --month` shows it.
    case month(String)
    /// `2026-12-24T13:00+01:00`: open or closed then, as `gate --at` says it.
    case instant(String)
    /// `explain 2026-12-24 ...`: as `explain` shows it.
    case explain([String])
    /// `context KEY=VALUE ...` sets entries; `context` shows them; `context clear` empties them.
    case context([String])
    case reload
    case help
    case quit
    case unknown(String)

    static func parse(_ line: String) -> ReplInput {
        let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        guard let first = words.first else { return .nothing }
        let rest = Array(words.dropFirst())
        switch first {
        case "help", "?": return .help
        case "reload": return .reload
        case "quit", "exit": return .quit
        case "context": return .context(rest)
        case "explain": return .explain(rest)
        default: break
        }
        guard rest.isEmpty else { return .unknown(line) }
        if first.contains("T") { return .instant(first) }
        if Day.hasISOShape(first) { return .day(first) }
        if isMonth(first) { return .month(first) }
        return .unknown(line)
    }

    /// `YYYY-MM`, or `YYYY-MML` (a leap month of the Hebrew or Chinese calendar).
    static func isMonth(_ word: String) -> Bool {
        let parts = word.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].count == 4, parts[0].allSatisfy(\.isASCIIDigit) else { return false }
        let month = parts[1].hasSuffix("L") ? parts[1].dropLast() : parts[1]
        return month.count == 2 && month.allSatisfy(\.isASCIIDigit)
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
