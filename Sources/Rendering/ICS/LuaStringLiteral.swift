/// Text as a Lua string literal for generated policies and tests: double-quoted, with `\\`,
/// `\"`, and every byte below 0x20 or 0x7F written as a decimal escape, so the literal is one
/// line and reads back as exactly the same bytes.
public enum LuaStringLiteral {
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
