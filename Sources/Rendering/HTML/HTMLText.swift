/// The one escaper for text on its way into an HTML page, text content and attribute values
/// alike: `&`, `<`, `>`, `"` and `'` become character references, and what `TerminalText`
/// writes visibly (control, bidi and invisible format characters, as `\u{XX}`) is written so
/// here too, so a reason can neither break the markup nor reorder what is shown around it.
/// The joiners ZWNJ and ZWJ are kept: they are part of spelling in Persian and Indic scripts
/// and of emoji sequences, and move nothing.
public enum HTMLText {
    public static func escape(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsWork) else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default:
                if isJoiner(scalar) || !TerminalText.needsEscape(scalar.value) {
                    out.unicodeScalars.append(scalar)
                } else {
                    out += TerminalText.escape(String(scalar))
                }
            }
        }
        return out
    }

    private static func isJoiner(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value == 0x200C || scalar.value == 0x200D
    }

    private static func needsWork(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "&", "<", ">", "\"", "'": return true
        default: return !isJoiner(scalar) && TerminalText.needsEscape(scalar.value)
        }
    }
}
