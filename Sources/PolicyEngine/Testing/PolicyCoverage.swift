import CalendarData
import Foundation

/// Which lines of a policy ran during the tests, and which of its rules never decided a day.
///
/// Lines that "could run" are found from the source text: code lines, not blank,
/// not comments, not only `end`/`else`/closing brackets. A rule is a `return` at or
/// after the first policy function (`canSelect`, `canDeselect`, `decorationFor`);
/// it decided a day when a call ended there. Both are approximations of Lua's own
/// line table, good enough to point at untested branches.
public struct PolicyCoverage: Hashable, Sendable {
    public var path: String
    public var linesRun: [Int]
    public var linesNotRun: [Int]
    public var rulesNeverDeciding: [Int]

    public var percent: Int {
        let total = linesRun.count + linesNotRun.count
        return total == 0 ? 100 : linesRun.count * 100 / total
    }

    init(_ trace: PolicyTrace) {
        path = trace.path
        // The policy was read (bounded) to run it; a file swapped since reads as no lines.
        let source = (try? RegularFile.text(trace.path, limit: LuaPolicyOptions().memoryLimit)) ?? ""
        let lines = PolicyCoverage.codeLines(source)
        let run = Set(trace.linesRun.keys)
        linesRun = lines.code.filter(run.contains)
        linesNotRun = lines.code.filter { !run.contains($0) }
        let firstFunction = trace.functionLines.values.min() ?? Int.max
        // `return f(x)` is a tail call: the call ends in f, so a run of the line counts as deciding.
        rulesNeverDeciding = lines.returns.filter { line in
            line >= firstFunction && trace.decidingLines[line] == nil
                && !(lines.tailCalls.contains(line) && trace.linesRun[line] != nil)
        }
    }

    /// `3-5, 9` from `[3, 4, 5, 9]`.
    public static func ranges(_ lines: [Int]) -> String {
        var parts: [String] = []
        var index = 0
        while index < lines.count {
            var end = index
            while end + 1 < lines.count, lines[end + 1] == lines[end] + 1 { end += 1 }
            parts.append(end == index ? "\(lines[index])" : "\(lines[index])-\(lines[end])")
            index = end + 1
        }
        return parts.joined(separator: ", ")
    }

    private static let closers: Set<String> = ["end", "end,", "end)", "end),", "end}", "else", "}", "},", "})", ")",
                                               "),", "do", "repeat", "then", "{", "(", "]]", "end;"]

    static func codeLines(_ source: String) -> (code: [Int], returns: [Int], tailCalls: Set<Int>) {
        var code: [Int] = []
        var returns: [Int] = []
        var tailCalls: Set<Int> = []
        var inLongComment = false
        for (index, raw) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var text = Substring(raw)
            if inLongComment {
                guard let close = text.range(of: "]]") else { continue }
                text = text[close.upperBound...]
                inLongComment = false
            }
            if let comment = commentStart(text) {
                if text[comment...].hasPrefix("--[[") || text[comment...].hasPrefix("--[=[") {
                    inLongComment = !text[comment...].dropFirst(4).contains("]]")
                }
                text = text[..<comment]
            }
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            guard !trimmed.isEmpty, !closers.contains(trimmed), !isFunctionHeader(trimmed) else { continue }
            code.append(index + 1)
            if containsReturn(trimmed) { returns.append(index + 1) }
            if isTailCall(trimmed) { tailCalls.insert(index + 1) }
        }
        return (code, returns, tailCalls)
    }

    /// Where a `--` comment starts outside a quoted string.
    private static func commentStart(_ text: Substring) -> Substring.Index? {
        var quote: Character?
        var escaped = false
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if let open = quote {
                if escaped { escaped = false } else if character == "\\" { escaped = true } else if character == open { quote = nil }
            } else if character == "\"" || character == "'" {
                quote = character
            } else if character == "-", text[index...].hasPrefix("--") {
                return index
            }
            index = text.index(after: index)
        }
        return nil
    }

    /// `local function f(a)` or `canSelect = function(day)` alone on a line: Lua puts no
    /// instruction there, so the line hook never sees it.
    private static func isFunctionHeader(_ text: String) -> Bool {
        guard text.hasSuffix(")"), !text.contains(" end") else { return false }
        return text.hasPrefix("function ") || text.hasPrefix("local function ") || text.contains("= function(")
            || text.contains("= function (")
    }

    /// `return name(args)` with nothing after the call.
    private static func isTailCall(_ text: String) -> Bool {
        guard text.hasPrefix("return "), text.hasSuffix(")") else { return false }
        let expression = text.dropFirst("return ".count)
        guard let open = expression.firstIndex(of: "(") else { return false }
        let callee = expression[..<open]
        return !callee.isEmpty && callee.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." || $0 == ":" }
            && expression.filter({ $0 == "(" }).count == 1
    }

    private static func containsReturn(_ text: String) -> Bool {
        let words = text.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") })
        return words.contains("return")
    }
}
