/// RFC 4180 fields: quoted when they hold a comma, quote, CR or LF (quotes doubled);
/// rows end with LF, which every CSV reader accepts.
enum CSVWriter {
    static func field(_ text: String) -> String {
        // Bytes, not Characters: comparing Characters costs a string comparison each, and
        // this runs for every field of every day (it was half of a long CSV evaluation).
        let needsQuotes = text.utf8.contains { $0 == 0x2C || $0 == 0x22 || $0 == 0x0A || $0 == 0x0D }
        guard needsQuotes else { return text }
        return "\"" + text.replacingAll("\"", with: "\"\"") + "\""
    }

    static func row(_ fields: [String]) -> String {
        var out: [UInt8] = []
        append(fields, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends one row's UTF-8 in place. A long evaluation writes every row into one
    /// byte buffer: appending to a `String` cost ~340 instructions per field here.
    static func append(_ fields: [String], to out: inout [UInt8]) {
        for index in fields.indices {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            var text = field(fields[index])
            text.withUTF8 { out.append(contentsOf: $0) }
        }
        out.append(UInt8(ascii: "\n"))
    }

    /// One field's UTF-8, quoted as `field(_:)` would, without building a new String
    /// when no quoting is needed.
    static func appendField(_ text: String, to out: inout [UInt8]) {
        var text = text
        text.withUTF8 { bytes in
            if bytes.contains(where: { $0 == 0x2C || $0 == 0x22 || $0 == 0x0A || $0 == 0x0D }) {
                var quoted = field(String(decoding: bytes, as: UTF8.self))
                quoted.withUTF8 { out.append(contentsOf: $0) }
            } else {
                out.append(contentsOf: bytes)
            }
        }
    }

    /// Decimal text of `value`, as `String(value)` writes it.
    static func appendInteger(_ value: Int, to out: inout [UInt8]) {
        if value < 0 { out.append(UInt8(ascii: "-")) }
        appendDigits(value.magnitude, to: &out)
    }

    /// Most significant digit first, by recursion: calendar fields have one to four digits,
    /// and a scratch buffer copied as a slice cost more than the digits themselves.
    private static func appendDigits(_ value: UInt, to out: inout [UInt8]) {
        if value >= 10 { appendDigits(value / 10, to: &out) }
        out.append(UInt8(truncatingIfNeeded: 0x30 + value % 10))
    }

    /// `true` / `false`, as `String(Bool)` writes them.
    static func appendBool(_ value: Bool, to out: inout [UInt8]) {
        if value {
            for byte in [UInt8(ascii: "t"), UInt8(ascii: "r"), UInt8(ascii: "u"), UInt8(ascii: "e")] { out.append(byte) }
        } else {
            for byte in [UInt8(ascii: "f"), UInt8(ascii: "a"), UInt8(ascii: "l"), UInt8(ascii: "s"), UInt8(ascii: "e")] { out.append(byte) }
        }
    }
}

extension String {
    func replacingAll(_ target: Character, with replacement: String) -> String {
        var out = ""
        for character in self {
            if character == target { out += replacement } else { out.append(character) }
        }
        return out
    }
}
