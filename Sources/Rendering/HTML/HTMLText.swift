/// The one escaper for text on its way into an HTML page, text content and attribute values
/// alike: `&`, `<`, `>`, `"` and `'` become character references. Policy text is first made
/// safe as `TerminalText` makes it (control, bidi and invisible format characters written as
/// `\u{XX}`), so a reason can neither break the markup nor reorder what is shown around it.
public enum HTMLText {
    public static func escape(_ text: String) -> String {
        let safe = TerminalText.escape(text)
        guard safe.utf8.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0x27 }) else {
            return safe
        }
        var out = ""
        out.reserveCapacity(safe.utf8.count + 16)
        for scalar in safe.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
