import CalendarCore
import DeclarativePolicy

/// Where lint finds a policy's windows: the `cal.windows` lists a Lua policy made while it loaded
/// (the prelude keeps their rows and the line of each call; its `native.windowRows` lists them), or
/// a declarative file's `closed` and `weekly` windows (compared within each key, not across: a
/// weekly window inside a freeze is normal).
extension PolicyLint {
    /// The function the prelude (cal.lua) leaves in its `native` table for this check.
    static let windowsEntryPoint = "windowRows"

    /// Two windows of one list overlapping with different reasons, each at the second window's
    /// place. Lua: the row's table constructor (its `{`), found from the call's line by the row's
    /// `from` date written as a literal; when a row's `from` is not written so, the call's line.
    /// YAML/JSON: the window's own line and column.
    static func windowFindings(policy: LuaPolicy, source: [UInt8], path: String,
                               place: (Int?, String) -> LintFinding) -> [LintFinding] {
        if policy.isDeclarative {
            guard let freeze = try? FreezeSchema.read(source) else { return [] }
            return declarativeFindings(freeze, path: path)
        }
        let listing = policy.locked { (engine: PolicyEngineState) in
            try? engine.state.nativeText(windowsEntryPoint)
        } ?? ""
        let rows = WindowRow.parse(listing)
        var findings: [LintFinding] = []
        for list in Dictionary(grouping: rows, by: \.list).sorted(by: { $0.key < $1.key }).map(\.value) {
            let ordered = list.sorted { $0.row < $1.row }
            let windows = ordered.map {
                WindowOverlap.Window(index: $0.row, spans: [$0.from..<($0.to + 1)], reason: $0.reason)
            }
            let pairs = WindowOverlap.pairs(windows)
            guard !pairs.isEmpty, let call = ordered.first?.line else { continue }
            let places = rowPlaces(ordered, callLine: call, source: source)
            for (first, second) in pairs {
                let message = WindowOverlap.message(first, second)
                if let at = places[second.index] {
                    findings.append(LintFinding(file: path, line: at.line, column: at.column, code: "calpolicy",
                                                message: message))
                } else {
                    findings.append(place(call > 0 ? call : nil, message))
                }
            }
        }
        return findings
    }

    static func declarativeFindings(_ freeze: Freeze, path: String) -> [LintFinding] {
        let closed = freeze.closed.enumerated().map { index, window in
            WindowOverlap.Window(index: index,
                                 spans: [minutes(window.from)..<minutes(window.to)], reason: window.reason ?? "")
        }
        let weekly = freeze.weekly.enumerated().map { index, window in
            WindowOverlap.Window(index: index,
                                 spans: window.weekdays.map { $0 * 1440 + window.from..<$0 * 1440 + window.to },
                                 reason: window.reason ?? "")
        }
        var findings: [LintFinding] = []
        for (key, windows) in [("closed", closed), ("weekly", weekly)] {
            for (first, second) in WindowOverlap.pairs(windows) {
                let mark = freeze.marks["\(key)[\(second.index)]"] ?? freeze.marks[key]
                findings.append(LintFinding(file: path, line: mark?.line ?? 1, column: mark?.column ?? 1,
                                            code: "calpolicy", message: WindowOverlap.message(first, second)))
            }
        }
        return findings
    }

    private static func minutes(_ moment: Freeze.WallMoment) -> Int { moment.day.dayNumber * 1440 + moment.minute }

    /// Each row's `{` (1-based line and column), searched in order from the start of the call's
    /// line: the first `from` date (as `YYYY-MM-DD`) after the previous row with a `{` between,
    /// and the last such `{`. A row not found ends the search (the rest are placed at the call).
    static func rowPlaces(_ rows: [WindowRow], callLine: Int, source: [UInt8]) -> [Int: (line: Int, column: Int)] {
        var places: [Int: (line: Int, column: Int)] = [:]
        guard callLine > 0 else { return places }
        // The offset where the call's line starts.
        var cursor = 0, line = 1
        while line < callLine, cursor < source.count {
            if source[cursor] == 10 { line += 1 }
            cursor += 1
        }
        guard line == callLine else { return places }
        for row in rows {
            let date = Array(Day(dayNumber: row.from).iso.utf8)
            // The date after a `{` not yet used (an earlier row's `to` may be the same date).
            var search = cursor, hit: (found: Int, brace: Int)?
            while hit == nil, let found = firstIndex(of: date, in: source, from: search) {
                if let brace = source[cursor..<found].lastIndex(of: UInt8(ascii: "{")) { hit = (found, brace) }
                search = found + date.count
            }
            guard let (found, brace) = hit else { break }
            let lineStart = source[..<brace].lastIndex(of: 10).map { $0 + 1 } ?? 0
            let lineNumber = source[..<brace].reduce(1) { $1 == 10 ? $0 + 1 : $0 }
            places[row.row] = (lineNumber, brace - lineStart + 1)
            cursor = found + date.count
        }
        return places
    }

    private static func firstIndex(of needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard !needle.isEmpty, bytes.count >= needle.count, start <= bytes.count - needle.count else { return nil }
        var index = start
        while index <= bytes.count - needle.count {
            if bytes[index] == needle[0], Array(bytes[index..<index + needle.count]) == needle { return index }
            index += 1
        }
        return nil
    }
}

/// One row of a `cal.windows` list as the prelude lists it: the call's line, which list, which
/// row (1-based), its days (day numbers, both included) and its reason.
struct WindowRow: Equatable {
    var line: Int
    var list: Int
    var row: Int
    var from: Int
    var to: Int
    var reason: String

    /// `line \t list \t row \t from \t to \t reason` lines, the reason's `\\`, `\t`, `\n` escaped.
    static func parse(_ text: String) -> [WindowRow] {
        text.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: "\t", maxSplits: 5, omittingEmptySubsequences: false)
            guard fields.count == 6, let at = Int(fields[0]), let list = Int(fields[1]), let row = Int(fields[2]),
                  let from = Int(fields[3]), let to = Int(fields[4]) else { return nil }
            return WindowRow(line: at, list: list, row: row, from: from, to: to, reason: PreludeField.unescape(fields[5]))
        }
    }
}
