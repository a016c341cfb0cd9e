/// The one escaper for policy-provided text on its way to a terminal or a one-line
/// message: error lines, `print`, the text calendar legend, `select`, `explain`, `diff`
/// and `test` output, JUnit, CSV.
///
/// Escaped as `\u{XX}` (hex of the code point): C0 controls and DEL, C1 controls
/// (U+0080–U+009F: NEL, CSI …), bidi embedding, override and isolate controls
/// (U+202A–U+202E, U+2066–U+2069), the marks U+200E/U+200F and U+061C, the line and
/// paragraph separators U+2028/U+2029, and the other invisible format characters
/// (U+200B–U+200D, U+2060–U+2064, U+206A–U+206F, U+FEFF). A newline becomes `\n`, a carriage return
/// `\r`, a tab one space. So one message stays one line, cannot move the cursor or
/// colour the terminal, and cannot reorder what is shown around it.
public enum TerminalText {
    /// `text` made safe for one line of a terminal.
    public static func escape(_ text: String) -> String {
        var copy = text
        return copy.withUTF8 { bytes in
            // Almost all text is clean: one byte scan, and the string is returned as it is.
            guard let first = firstSuspect(bytes) else { return text }
            var out = String(decoding: UnsafeBufferPointer(rebasing: bytes[..<first]), as: UTF8.self)
            escape(String(decoding: UnsafeBufferPointer(rebasing: bytes[first...]), as: UTF8.self), into: &out)
            return out
        }
    }

    /// The most bytes one line of calpolicy's stderr holds, whatever a policy raises
    /// (docs/reliability.md): longer lines end in `...`.
    public static let maxLineBytes = 4096

    /// `text` escaped, then cut to at most `maxBytes` UTF-8 bytes (on a character boundary,
    /// ending in `...` when cut): one bounded line.
    public static func line(_ text: String, maxBytes: Int = maxLineBytes) -> String {
        let escaped = escape(text)
        guard escaped.utf8.count > maxBytes else { return escaped }
        var out = ""
        var used = 0
        for character in escaped {
            let size = character.utf8.count
            if used + size > maxBytes - 3 { break }
            out.append(character)
            used += size
        }
        return out + "..."
    }

    /// True when `escape` would change nothing.
    public static func isClean(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { firstSuspect($0) == nil }
    }

    /// True for a code point this escaper writes as `\u{XX}` (or `\n`, `\r`, a space).
    public static func needsEscape(_ value: UInt32) -> Bool {
        switch value {
        case 0x00...0x1F, 0x7F...0x9F: return true
        case 0x061C, 0x200B...0x200F, 0x2028...0x202E, 0x2060...0x206F, 0xFEFF: return true
        default: return false
        }
    }

    /// True when the UTF-8 `bytes` hold nothing `escape` would change.
    public static func isClean(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool { firstSuspect(bytes) == nil }

    /// Index of the first byte of a code point `escape` changes, nil when there is none.
    /// ASCII controls are themselves; the others are C2 80–9F (C1), D8 9C (U+061C),
    /// E2 80 8B–8F, E2 80 A8–AE, E2 81 A0–AF (U+200B–200F, U+2028–202E, U+2060–206F)
    /// and EF BB BF (U+FEFF). Other text, curly quotes and
    /// dashes included, passes in one byte scan.
    @inline(__always)
    private static func firstSuspect(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        let count = bytes.count
        var index = 0
        while index < count {
            let byte = bytes[index]
            if byte < 0x7F {
                if byte < 0x20 { return index }
            } else if byte == 0x7F {
                return index
            } else if byte == 0xC2 {
                if index + 1 < count, bytes[index + 1] <= 0x9F { return index }
            } else if byte == 0xD8 {
                if index + 1 < count, bytes[index + 1] == 0x9C { return index }
            } else if byte == 0xE2 {
                if index + 2 < count {
                    let second = bytes[index + 1], third = bytes[index + 2]
                    if second == 0x80 && ((0x8B...0x8F).contains(third) || (0xA8...0xAE).contains(third)) { return index }
                    if second == 0x81 && (0xA0...0xAF).contains(third) { return index }
                }
            } else if byte == 0xEF {
                if index + 2 < count, bytes[index + 1] == 0xBB, bytes[index + 2] == 0xBF { return index }
            }
            index += 1
        }
        return nil
    }

    private static func escape(_ text: String, into out: inout String) {
        ScalarEscaping.escape(text, into: &out) { scalar in
            switch scalar {
            case "\n": "\\n"
            case "\r": "\\r"
            case "\t": " "
            default: needsEscape(scalar.value) ? "\\u{\(String(scalar.value, radix: 16))}" : nil
            }
        }
    }
}
