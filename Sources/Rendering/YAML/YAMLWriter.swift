/// The one writer of YAML (the Argo CD export): every scalar that came from outside (a policy's
/// reason, an application name, a file name) goes through `quoted`, and every comment line
/// through `comment`, so a document reads back the same in any YAML 1.1 or 1.2 reader (PyYAML,
/// Go's yaml.v3): no character outside YAML's printable set (C0, DEL, C1, U+FFFE/U+FFFF), no
/// line break a reader may see (LF, CR, NEL, U+2028, U+2029), and no bidi or invisible format
/// character appears raw.
public enum YAMLWriter {
    /// `text` as a double-quoted scalar that reads back as exactly `text`: `\\` and `\"`
    /// escaped, tab, line feed and carriage return as `\t`, `\n`, `\r`, NUL as `\0`, other C0,
    /// DEL and C1 controls as `\xNN` (NEL as `\N`), U+2028 and U+2029 as `\L` and `\P`, and the
    /// bidi, invisible format and non-characters `TerminalText` escapes (and U+FFFE, U+FFFF) as
    /// `\uXXXX`. Everything else is written as itself.
    public static func quoted(_ text: String) -> String {
        var out = "\""
        ScalarEscaping.escape(text, into: &out) { scalar in
            switch scalar.value {
            case 0x5C: "\\\\"
            case 0x22: "\\\""
            case 0x09: "\\t"
            case 0x0A: "\\n"
            case 0x0D: "\\r"
            case 0x00: "\\0"
            case 0x85: "\\N"
            case 0x2028: "\\L"
            case 0x2029: "\\P"
            case 0x01...0x1F, 0x7F...0x9F: "\\x" + hex(scalar.value, digits: 2)
            case 0xFFFE, 0xFFFF: "\\u" + hex(scalar.value, digits: 4)
            default: TerminalText.needsEscape(scalar.value) ? "\\u" + hex(scalar.value, digits: 4) : nil
            }
        }
        return out + "\""
    }

    /// One comment line, `# text`, with `text` escaped as on a terminal (`TerminalText`: a line
    /// break is `\n`, so nothing after it can become a key or an entry), U+FFFE/U+FFFF as
    /// `\u{fffe}`, `\u{ffff}`. No line feed at the end.
    public static func comment(_ text: String) -> String {
        var out = "# "
        ScalarEscaping.escape(TerminalText.escape(text), into: &out) { scalar in
            scalar.value == 0xFFFE || scalar.value == 0xFFFF ? "\\u{\(String(scalar.value, radix: 16))}" : nil
        }
        return out
    }

    /// `text` as a plain scalar when it is a name made of letters, digits and `/_+-.` starting
    /// with a letter that no YAML reader takes for a boolean or null (a zone: `Europe/Berlin`,
    /// `UTC`), else `quoted(text)`.
    public static func scalar(_ text: String) -> String {
        guard let first = text.unicodeScalars.first, isASCIILetter(first),
              text.unicodeScalars.allSatisfy({ isASCIILetter($0) || ("0"..."9").contains($0) || "/_+-.".unicodeScalars.contains($0) }),
              !reserved.contains(text.lowercased())
        else { return quoted(text) }
        return text
    }

    private static let reserved: Set<String> = ["y", "n", "yes", "no", "true", "false", "on", "off", "null", "nan", "inf"]

    private static func isASCIILetter(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
    }

    private static func hex(_ value: UInt32, digits: Int) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}
