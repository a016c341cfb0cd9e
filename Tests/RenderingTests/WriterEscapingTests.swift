import CalendarCore
import Foundation
import Testing
@testable import Rendering

/// Every format's one writer against the same table of hostile strings (the table
/// scripts/oracles/writers_oracle.py gives the real binary, where each output is read back by
/// its own consumer: PyYAML, lua5.4, icalendar, csv, json, html.parser). Here: what each writer
/// promises, checked by decoding its own escapes where the format has them.
@Suite struct WriterEscapingTests {
    static let hostile: [String] = [
        "a\nb", "x\nopen for at least a year", "over\rwritten", "a\r\nb", "\u{1B}[31mred\u{1B}[0m\u{1B}]0;t\u{7}",
        "c0:" + String(String.UnicodeScalarView((1...31).compactMap(Unicode.Scalar.init))),
        "a\u{7F}b", "c1:" + String(String.UnicodeScalarView((0x80...0x9F).compactMap(Unicode.Scalar.init))),
        "a\u{85}- kind: allow", "a\u{2028}b: c\u{2029}d", "\u{202E}evil\u{202C} \u{2066}iso\u{2069} \u{200F}m",
        "a\u{0}b", "\u{FEFF}bom \u{FFFE}\u{FFFF}", "\"double\" 'single' `tick`", "back\\slash \\n \\u0041 \\",
        "key: value # no comment", "- kind: allow", "*alias", "&anchor !tag |lit >fold %YAML @at", "---\n...",
        "]] .. os.exit(3) --[[", "-- x\nos.exit(3)", "]==] [=[ ]=]", "<script>alert(1)</script><b title=\"x\">&amp;'</b>",
        "a,b\"c\",d", "=1+2", "+SUM(A1)", "-1", "@cmd", "\t=1", "", "Christmas Day 🎄 ünï",
    ]

    /// A line break to some reader: LF, VT, FF, CR, NEL, U+2028, U+2029.
    static func breaksLine(_ scalar: Unicode.Scalar) -> Bool {
        [0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029].contains(scalar.value)
    }

    @Test func terminalTextIsOneLineWithNothingATerminalActsOn() {
        for text in Self.hostile {
            let escaped = TerminalText.escape(text)
            #expect(!escaped.unicodeScalars.contains { TerminalText.needsEscape($0.value) }, "\(escaped.debugDescription)")
            #expect(TerminalText.isClean(escaped))
        }
    }

    @Test func yamlQuotedScalarsReadBackExactlyAndHoldOnlyPrintables() throws {
        for text in Self.hostile {
            let quoted = YAMLWriter.quoted(text)
            #expect(quoted.first == "\"" && quoted.last == "\"")
            // YAML's printable set, less every line break and the bidi/format characters.
            #expect(quoted.unicodeScalars.allSatisfy { (0x20...0x7E).contains($0.value) || ($0.value >= 0xA0
                && !TerminalText.needsEscape($0.value) && $0.value != 0xFFFE && $0.value != 0xFFFF) },
                    "\(quoted.debugDescription)")
            #expect(try Self.unquoteYAML(quoted) == text, "\(quoted.debugDescription)")
        }
    }

    @Test func yamlAndLuaCommentsStayOnTheirLine() {
        for text in Self.hostile {
            for comment in [YAMLWriter.comment(text), LuaStringLiteral.comment(text)] {
                #expect(comment.hasPrefix("# ") || comment.hasPrefix("-- "))
                #expect(!comment.unicodeScalars.contains(where: Self.breaksLine), "\(comment.debugDescription)")
                #expect(!comment.unicodeScalars.contains { TerminalText.needsEscape($0.value) })
            }
        }
    }

    @Test func luaLiteralsAreOneLineAndReadBackExactly() throws {
        for text in Self.hostile {
            let literal = LuaStringLiteral.quoted(text)
            #expect(!literal.utf8.contains { $0 < 0x20 || $0 == 0x7F }, "\(literal.debugDescription)")
            #expect(try Self.unquoteLua(literal) == Array(text.utf8), "\(literal.debugDescription)")
        }
    }

    @Test func importedPoliciesKeepEveryNameInALiteralOrAComment() throws {
        let today = try Day(year: 2026, month: 12, day: 1), day = try Day(year: 2027, month: 1, day: 4)
        for text in Self.hostile where !text.contains("/") && !text.contains("\u{0}") {
          for zone in [nil, text] {
            let document = ImportedPolicyDocument(name: text, icsName: text + ".ics", denies: true, decorates: true,
                                                  zone: zone)
            let sources = [try document.policy(), document.test(today: today, samples: [.init(day: day, summary: text)],
                                                            clearDay: today)]
            for source in sources {
                // Every line of the template begins as the template does: a name never starts one.
                for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
                    let ok = line.isEmpty || line.hasPrefix("--") || line.hasPrefix(" ") || line.hasPrefix("local ")
                        || line.hasPrefix("return ") || line.hasPrefix("}") || line.hasPrefix("test") || line.hasPrefix("end)")
                    #expect(ok, "\(line.debugDescription) in \(text.debugDescription)")
                }
                #expect(!source.utf8.contains { ($0 < 0x20 && $0 != 0x0A) || $0 == 0x7F })
            }
          }
        }
    }

    @Test func csvTextFieldsAreOneLineAndNeverAFormula() {
        for text in Self.hostile {
            var row: [UInt8] = []
            CSVWriter.appendText(text, to: &row)
            let field = String(decoding: row, as: UTF8.self)
            #expect(!field.unicodeScalars.contains(where: Self.breaksLine), "\(field.debugDescription)")
            let unquoted = field.hasPrefix("\"") ? String(field.dropFirst().dropLast()).replacingOccurrences(of: "\"\"", with: "\"") : field
            #expect(!unquoted.hasPrefix("=") && !unquoted.hasPrefix("+") && !unquoted.hasPrefix("-") && !unquoted.hasPrefix("@"),
                    "\(field.debugDescription)")
            if !field.hasPrefix("\"") { #expect(!field.contains(",") && !field.contains("\"")) }
        }
    }

    @Test func icsTextHoldsNoControlAndNoBareSeparator() {
        for text in Self.hostile {
            let escaped = Array(ICSWriter.escaped(text).utf8)
            #expect(!escaped.contains { ($0 < 0x20 && $0 != 0x09) || $0 == 0x7F })
            var index = 0
            while index < escaped.count { // every ; , and \ is escaped
                if escaped[index] == 0x5C { index += 2; continue }
                #expect(escaped[index] != 0x3B && escaped[index] != 0x2C, "\(text.debugDescription)")
                index += 1
            }
        }
    }

    @Test func htmlTextHoldsNoMarkupAndNoControl() {
        for text in Self.hostile {
            let escaped = HTMLText.escape(text)
            #expect(!escaped.contains("<") && !escaped.contains(">") && !escaped.contains("\"") && !escaped.contains("'"))
            #expect(!escaped.unicodeScalars.contains { TerminalText.needsEscape($0.value) }, "\(escaped.debugDescription)")
            #expect(!escaped.replacingOccurrences(of: "&amp;", with: "").replacingOccurrences(of: "&lt;", with: "")
                .replacingOccurrences(of: "&gt;", with: "").replacingOccurrences(of: "&quot;", with: "")
                .replacingOccurrences(of: "&#39;", with: "").replacingOccurrences(of: "&#x27;", with: "").contains("&"))
        }
    }

    @Test func jsonStringsReadBackExactly() throws {
        for text in Self.hostile {
            let written = JSONWriter.write(.array([.string(text)]))
            let read = try JSONSerialization.jsonObject(with: Data(written.utf8)) as? [String]
            // Foundation's parser drops U+FEFF wherever it is (Python's json, in the oracle, reads
            // it back): compared without it; everything else exactly.
            #expect(read?.map { $0.replacingOccurrences(of: "\u{FEFF}", with: "") }
                    == [text.replacingOccurrences(of: "\u{FEFF}", with: "")], "\(written.debugDescription)")
            #expect(!written.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
        }
    }

    // ---- the formats' own escapes, decoded

    struct Malformed: Error {}

    /// A YAML double-quoted scalar's escapes (YAML 1.2 §5.7, those the writer uses).
    static func unquoteYAML(_ quoted: String) throws -> String {
        var scalars = Array(quoted.unicodeScalars.dropFirst().dropLast())
        var out = String.UnicodeScalarView()
        while !scalars.isEmpty {
            let scalar = scalars.removeFirst()
            guard scalar == "\\" else {
                guard scalar != "\"" else { throw Malformed() }
                out.append(scalar)
                continue
            }
            guard !scalars.isEmpty else { throw Malformed() }
            let kind = scalars.removeFirst()
            func hex(_ count: Int) throws -> Unicode.Scalar {
                guard scalars.count >= count, let value = UInt32(String(String.UnicodeScalarView(scalars.prefix(count))), radix: 16),
                      let result = Unicode.Scalar(value) else { throw Malformed() }
                scalars.removeFirst(count)
                return result
            }
            switch kind {
            case "\\": out.append("\\")
            case "\"": out.append("\"")
            case "t": out.append("\t")
            case "n": out.append("\n")
            case "r": out.append("\r")
            case "0": out.append("\u{0}")
            case "N": out.append("\u{85}")
            case "L": out.append("\u{2028}")
            case "P": out.append("\u{2029}")
            case "x": out.append(try hex(2))
            case "u": out.append(try hex(4))
            default: throw Malformed()
            }
        }
        return String(out)
    }

    /// A Lua short string literal as LuaStringLiteral writes it: `\\`, `\"` and `\ddd`.
    static func unquoteLua(_ literal: String) throws -> [UInt8] {
        var bytes = Array(literal.utf8)
        guard bytes.first == 0x22, bytes.last == 0x22 else { throw Malformed() }
        bytes = Array(bytes.dropFirst().dropLast())
        var out: [UInt8] = []
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x22 { throw Malformed() }
            guard byte == 0x5C else { out.append(byte); index += 1; continue }
            guard index + 1 < bytes.count else { throw Malformed() }
            let next = bytes[index + 1]
            if next == 0x5C || next == 0x22 { out.append(next); index += 2; continue }
            guard index + 3 < bytes.count, let value = UInt8(String(decoding: bytes[(index + 1)...(index + 3)], as: UTF8.self)) else {
                throw Malformed()
            }
            out.append(value)
            index += 4
        }
        return out
    }
}
