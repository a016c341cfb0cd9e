/// The one escaper for policy-provided text on its way to a terminal or a one-line
/// message: error lines, `print`, the text calendar legend, `select`, `explain`, `diff`
/// and `test` output, JUnit. It lives this low so the Lua `print` bridge can use it too.
///
/// Escaped as `\u{XX}` (hex of the code point): C0 controls and DEL, C1 controls
/// (U+0080–U+009F: NEL, CSI …), bidi embedding, override and isolate controls
/// (U+202A–U+202E, U+2066–U+2069), the marks U+200E/U+200F and U+061C, the line and
/// paragraph separators U+2028/U+2029, and the other invisible format characters
/// (U+200B–U+200D, U+2060–U+2064, U+FEFF). A newline becomes `\n`, a carriage return
/// `\r`, a tab one space. So one message stays one line, cannot move the cursor or
/// colour the terminal, and cannot reorder what is shown around it.
public enum TerminalText {
    /// `text` made safe for one line of a terminal.
    public static func escape(_ text: String) -> String {
        var text = text
        return text.withUTF8 { bytes in
            // Almost all text is clean: one byte scan, and the string is returned as it is.
            guard let first = firstSuspect(bytes) else { return String(decoding: bytes, as: UTF8.self) }
            var out = String(decoding: UnsafeBufferPointer(rebasing: bytes[..<first]), as: UTF8.self)
            escape(String(decoding: UnsafeBufferPointer(rebasing: bytes[first...]), as: UTF8.self), into: &out)
            return out
        }
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
        case 0x061C, 0x200B...0x200F, 0x2028...0x202E, 0x2060...0x2069, 0xFEFF: return true
        default: return false
        }
    }

    /// Index of the first byte that may start an escaped code point, nil when none can.
    /// ASCII controls are themselves; every other escaped code point starts with a lead
    /// byte of 0xC2 (C1), 0xD8 (U+061C), 0xE2 (U+20xx) or 0xEF (U+FEFF). A false
    /// positive only sends the rest through the careful path.
    @inline(__always)
    private static func firstSuspect(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        for index in bytes.indices {
            let byte = bytes[index]
            if byte < 0x20 || byte == 0x7F || byte == 0xC2 || byte == 0xD8 || byte == 0xE2 || byte == 0xEF {
                return index
            }
        }
        return nil
    }

    private static func escape(_ text: String, into out: inout String) {
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += " "
            default:
                if needsEscape(scalar.value) {
                    out += "\\u{\(String(scalar.value, radix: 16))}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
    }
}
