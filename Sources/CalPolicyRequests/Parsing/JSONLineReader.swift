/// A JSON value read by `JSONLineReader`: what a line of stored selections may hold.
public enum JSONNode: Equatable, Sendable {
    case object([String: JSONNode])
    case array([JSONNode])
    case string(String)
    /// A number, and whether its text was an integer (no fraction, no exponent).
    case number(Double, integer: Bool)
    case bool(Bool)
    case null
}

/// Strict JSON (RFC 8259) read from UTF-8 bytes into `JSONNode`s, for files of one object a
/// line (`revalidate --selections`): Foundation's reader builds bridged objects and casts every
/// value back, which was two thirds of a run over 100,000 lines. Nesting is capped.
public struct JSONLineReader {
    public struct Problem: Error, Equatable {
        public var offset: Int
        public var message: String
    }

    static let maximumDepth = 32

    let bytes: [UInt8]
    var index: Int
    /// Where the text read ends (`bytes.count` for a whole buffer, a line's end within a file).
    let end: Int

    /// The one value `bytes[range]` holds, with nothing but whitespace around it.
    public static func read(_ bytes: [UInt8], in range: Range<Int>) throws(Problem) -> JSONNode {
        var reader = JSONLineReader(bytes: bytes, index: range.lowerBound, end: range.upperBound)
        let value = try reader.value(depth: 0)
        reader.skipSpace()
        guard reader.index == reader.end else { throw reader.problem("unexpected text after the value") }
        return value
    }

    public static func read(_ text: String) throws(Problem) -> JSONNode {
        let bytes = Array(text.utf8)
        return try read(bytes, in: 0..<bytes.count)
    }

    func problem(_ message: String) -> Problem { Problem(offset: index, message: message) }

    mutating func skipSpace() {
        while index < end, bytes[index] == 0x20 || bytes[index] == 0x09 || bytes[index] == 0x0A || bytes[index] == 0x0D {
            index += 1
        }
    }

    mutating func value(depth: Int) throws(Problem) -> JSONNode {
        skipSpace()
        guard index < end else { throw problem("expected a value") }
        guard depth < Self.maximumDepth else { throw problem("nested deeper than \(Self.maximumDepth)") }
        switch bytes[index] {
        case UInt8(ascii: "{"):
            index += 1
            var fields: [String: JSONNode] = [:]
            skipSpace()
            if index < end, bytes[index] == UInt8(ascii: "}") { index += 1; return .object(fields) }
            while true {
                skipSpace()
                guard index < end, bytes[index] == UInt8(ascii: "\"") else { throw problem("expected a field name") }
                let key = try string()
                skipSpace()
                guard index < end, bytes[index] == UInt8(ascii: ":") else { throw problem("expected ':'") }
                index += 1
                fields[key] = try value(depth: depth + 1)
                skipSpace()
                guard index < end else { throw problem("unterminated object") }
                if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                guard bytes[index] == UInt8(ascii: "}") else { throw problem("expected ',' or '}'") }
                index += 1
                return .object(fields)
            }
        case UInt8(ascii: "["):
            index += 1
            var items: [JSONNode] = []
            skipSpace()
            if index < end, bytes[index] == UInt8(ascii: "]") { index += 1; return .array(items) }
            while true {
                items.append(try value(depth: depth + 1))
                skipSpace()
                guard index < end else { throw problem("unterminated array") }
                if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                guard bytes[index] == UInt8(ascii: "]") else { throw problem("expected ',' or ']'") }
                index += 1
                return .array(items)
            }
        case UInt8(ascii: "\""):
            return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        default:
            return try number()
        }
    }

    mutating func literal(_ word: StaticString) throws(Problem) {
        let count = word.utf8CodeUnitCount
        guard index + count <= end else { throw problem("expected a value") }
        for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] { throw problem("expected a value") }
        index += count
    }

    /// -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?
    mutating func number() throws(Problem) -> JSONNode {
        let start = index
        func digits(_ reader: inout JSONLineReader) -> Int {
            let first = reader.index
            while reader.index < reader.end, (0x30...0x39).contains(reader.bytes[reader.index]) { reader.index += 1 }
            return reader.index - first
        }
        if index < end, bytes[index] == UInt8(ascii: "-") { index += 1 }
        let leadingZero = index < end && bytes[index] == 0x30
        let whole = digits(&self)
        guard whole > 0, !(leadingZero && whole > 1) else { index = start; throw problem("expected a value") }
        var integer = true
        if index < end, bytes[index] == UInt8(ascii: ".") {
            index += 1
            integer = false
            guard digits(&self) > 0 else { throw problem("expected digits after '.'") }
        }
        if index < end, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            integer = false
            if index < end, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard digits(&self) > 0 else { throw problem("expected digits in the exponent") }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let value = Double(text) else { throw problem("a number out of range") }
        return .number(value, integer: integer)
    }

    /// A string from its opening quote; escapes decoded, raw control characters refused.
    mutating func string() throws(Problem) -> String {
        index += 1
        let start = index
        // The common case: no escape, so the bytes between the quotes are the string.
        while index < end, bytes[index] != UInt8(ascii: "\""), bytes[index] != UInt8(ascii: "\\"), bytes[index] >= 0x20 {
            index += 1
        }
        guard index < end else { throw problem("unterminated string") }
        if bytes[index] == UInt8(ascii: "\"") {
            let text = try utf8(bytes[start..<index])
            index += 1
            return text
        }
        var out = Array(bytes[start..<index])
        while true {
            guard index < end else { throw problem("unterminated string") }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") { index += 1; break }
            guard byte >= 0x20 else { throw problem("a control character in a string") }
            guard byte == UInt8(ascii: "\\") else { out.append(byte); index += 1; continue }
            guard index + 1 < end else { throw problem("unterminated string") }
            let escaped = bytes[index + 1]
            index += 2
            switch escaped {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(escaped)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = try hex4()
                if (0xD800..<0xDC00).contains(scalar) {
                    guard index + 1 < end, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                        throw problem("a lone surrogate in a string")
                    }
                    index += 2
                    let low = try hex4()
                    guard (0xDC00..<0xE000).contains(low) else { throw problem("a lone surrogate in a string") }
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                } else if (0xDC00..<0xE000).contains(scalar) {
                    throw problem("a lone surrogate in a string")
                }
                guard let unicode = Unicode.Scalar(scalar) else { throw problem("a bad \\u escape") }
                out.append(contentsOf: Array(String(Character(unicode)).utf8))
            default:
                throw problem("a bad escape in a string")
            }
        }
        return try utf8(out[...])
    }

    mutating func hex4() throws(Problem) -> UInt32 {
        guard index + 4 <= end else { throw problem("a bad \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt32
            switch byte {
            case 0x30...0x39: digit = UInt32(byte - 0x30)
            case 0x41...0x46: digit = UInt32(byte - 0x41 + 10)
            case 0x61...0x66: digit = UInt32(byte - 0x61 + 10)
            default: throw problem("a bad \\u escape")
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    func utf8(_ buffer: ArraySlice<UInt8>) throws(Problem) -> String {
        guard let text = String(validating: buffer, as: UTF8.self) else { throw problem("a string that is not UTF-8") }
        return text
    }
}
