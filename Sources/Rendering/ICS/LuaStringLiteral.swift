/// The one writer of outside text into generated Lua (policies and tests `calpolicy import`
/// writes): as a string literal, double-quoted, with `\\`, `\"`, and every byte below 0x20 or
/// 0x7F written as a decimal escape, so the literal is one line and reads back as exactly the
/// same bytes; or inside a line comment, escaped as on a terminal so it cannot end the comment.
/// A name is never spliced into Lua any other way.
public enum LuaStringLiteral {
    /// One line comment, `-- text`: `text` escaped by `TerminalText` (a line feed or carriage
    /// return, the only characters that end a Lua comment, become `\n` and `\r`; C1, bidi and
    /// invisible characters are escaped too). The space after `--` keeps a text starting with
    /// `[[` or `[=[` from opening a long comment. No line feed at the end.
    public static func comment(_ text: String) -> String {
        "-- " + commentText(text)
    }

    /// `text` escaped as `comment` escapes it, for a place inside a line comment already opened
    /// with `-- ` (a template's comment line, see `LuaTemplate`).
    public static func commentText(_ text: String) -> String {
        TerminalText.escape(text)
    }

    public static func quoted(_ text: String) -> String {
        var out: [UInt8] = [UInt8(ascii: "\"")]
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\\"): out.append(contentsOf: Array(#"\\"#.utf8))
            case UInt8(ascii: "\""): out.append(contentsOf: Array(#"\""#.utf8))
            case 0x00..<0x20, 0x7F:
                out.append(UInt8(ascii: "\\"))
                let digits = String(byte)
                out.append(contentsOf: Array((String(repeating: "0", count: 3 - digits.count) + digits).utf8))
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
        return String(decoding: out, as: UTF8.self)
    }
}
