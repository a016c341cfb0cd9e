/// RFC 5545 content lines: TEXT values escaped (`\\`, `\;`, `\,`, `\n`), lines folded at
/// 75 octets (never inside a UTF-8 sequence) and ended with CRLF. Output only: calpolicy
/// never parses iCalendar with this. Kept instead of libical's serializer for measured reasons
/// (docs/architecture.md, "iCalendar out"): libical leaves ',' and ';' bare in X- properties.
public enum ICSWriter {
    /// The longest a physical line may be, in octets, without its CRLF (RFC 5545 §3.1).
    public static let lineOctets = 75

    /// `NAME:value` with the value as given (already valid for its type), folded.
    public static func appendLine(_ name: String, _ value: String, to out: inout [UInt8]) {
        var line = Array(name.utf8)
        line.append(UInt8(ascii: ":"))
        line.append(contentsOf: value.utf8)
        appendFolded(line, to: &out)
    }

    /// `NAME:text` with `text` escaped as a TEXT value, folded.
    public static func appendText(_ name: String, _ text: String, to out: inout [UInt8]) {
        var line = Array(name.utf8)
        line.append(UInt8(ascii: ":"))
        appendEscaped(text, to: &line)
        appendFolded(line, to: &out)
    }

    /// A TEXT value (RFC 5545 §3.3.11): backslash, semicolon and comma escaped, every line
    /// break (LF, CRLF or a lone CR) written `\n`; other control characters, which TEXT may
    /// not hold, are left out. Tabs are kept.
    public static func appendEscaped(_ text: String, to out: inout [UInt8]) {
        var previousCR = false
        for byte in text.utf8 {
            defer { previousCR = byte == 0x0D }
            switch byte {
            case 0x5C: out.append(contentsOf: [0x5C, 0x5C])
            case 0x3B: out.append(contentsOf: [0x5C, 0x3B])
            case 0x2C: out.append(contentsOf: [0x5C, 0x2C])
            case 0x0D: out.append(contentsOf: [0x5C, UInt8(ascii: "n")])
            case 0x0A: if !previousCR { out.append(contentsOf: [0x5C, UInt8(ascii: "n")]) }
            case 0x09: out.append(byte)
            case 0x00..<0x20, 0x7F: break
            default: out.append(byte)
            }
        }
    }

    /// The escaped text alone, as a String (for tests and callers building values).
    public static func escaped(_ text: String) -> String {
        var out: [UInt8] = []
        appendEscaped(text, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// One logical line as physical lines of at most 75 octets: the first holds up to 75,
    /// each continuation a space and up to 74 more. A cut never falls before a UTF-8
    /// continuation byte, so every physical line is valid UTF-8 by itself.
    public static func appendFolded(_ line: [UInt8], to out: inout [UInt8]) {
        var start = 0
        var room = lineOctets
        while line.count - start > room {
            var cut = start + room
            while cut > start + 1, line[cut] & 0xC0 == 0x80 { cut -= 1 }
            out.append(contentsOf: line[start..<cut])
            out.append(contentsOf: [0x0D, 0x0A, 0x20])
            start = cut
            room = lineOctets - 1
        }
        out.append(contentsOf: line[start...])
        out.append(contentsOf: [0x0D, 0x0A])
    }

    /// The folded text of one line, as a String.
    public static func folded(_ line: String) -> String {
        var out: [UInt8] = []
        appendFolded(Array(line.utf8), to: &out)
        return String(decoding: out, as: UTF8.self)
    }
}
