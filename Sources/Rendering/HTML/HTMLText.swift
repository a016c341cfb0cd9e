/// The one escaper for text on its way into an HTML page, text content and attribute values
/// alike: `&`, `<`, `>`, `"` and `'` become character references, and what `TerminalText`
/// writes visibly (control, bidi and invisible format characters, as `\u{XX}`) is written so
/// here too, so a reason can neither break the markup nor reorder what is shown around it.
/// The joiners ZWNJ and ZWJ are kept: they are part of spelling in Persian and Indic scripts
/// and of emoji sequences, and move nothing.
public enum HTMLText {
    public static func escape(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { replacement($0) != nil }) else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count + 16)
        ScalarEscaping.escape(text, into: &out, replacement)
        return out
    }

    /// A character reference for markup, `TerminalText`'s `\u{XX}` for what it escapes, nil
    /// for the rest.
    private static func replacement(_ scalar: Unicode.Scalar) -> String? {
        switch scalar {
        case "&": "&amp;"
        case "<": "&lt;"
        case ">": "&gt;"
        case "\"": "&quot;"
        case "'": "&#39;"
        default: isJoiner(scalar) || !TerminalText.needsEscape(scalar.value) ? nil : TerminalText.escape(String(scalar))
        }
    }

    private static func isJoiner(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value == 0x200C || scalar.value == 0x200D
    }
}
