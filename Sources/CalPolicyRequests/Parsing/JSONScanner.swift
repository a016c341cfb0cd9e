/// The tokens of strict JSON (RFC 8259) in UTF-8 bytes: whitespace, the three literals, numbers
/// and strings. `JSONLineReader` and the server's configuration reader build their values and
/// structure rules on it and word its faults each their own way, so the grammar is written once.
public struct JSONScanner {
    /// What is wrong with a token.
    public enum Fault: Equatable, Sendable {
        case noNumber, noFractionDigits, noExponentDigits, numberOutOfRange
        case unterminatedString, controlCharacter, badEscape, badUnicodeEscape, loneSurrogate, notUTF8
    }

    /// A fault and the byte it names (the start of a number that is none, a bad hex digit, a raw
    /// control character). The scanner's `index` is left where reading stopped, which can be
    /// past that byte: the two readers report one or the other, and keep doing so.
    public struct Failure: Error, Equatable {
        public var fault: Fault
        public var offset: Int
    }

    public let bytes: [UInt8]
    public var index: Int
    /// Where the text read ends (`bytes.count` for a whole buffer, a line's end within a file).
    public let end: Int

    public init(bytes: [UInt8], index: Int, end: Int) {
        self.bytes = bytes
        self.index = index
        self.end = end
    }

    /// The byte at `index`, nil at the end.
    public var current: UInt8? { index < end ? bytes[index] : nil }

    /// Steps past `byte` if it is the next one.
    public mutating func skip(_ byte: UInt8) -> Bool {
        guard current == byte else { return false }
        index += 1
        return true
    }

    public mutating func skipSpace() {
        while index < end, bytes[index] == 0x20 || bytes[index] == 0x09 || bytes[index] == 0x0A || bytes[index] == 0x0D {
            index += 1
        }
    }

    public enum Literal: Sendable { case `true`, `false`, null }

    /// Steps past `true`, `false` or `null` if the text holds one here; stays put if not.
    public mutating func literal() -> Literal? {
        let (word, literal): (StaticString, Literal)
        switch current {
        case UInt8(ascii: "t"): (word, literal) = ("true", .true)
        case UInt8(ascii: "f"): (word, literal) = ("false", .false)
        case UInt8(ascii: "n"): (word, literal) = ("null", .null)
        default: return nil
        }
        let count = word.utf8CodeUnitCount
        guard index + count <= end else { return nil }
        for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] { return nil }
        index += count
        return literal
    }

    /// -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?, and whether it was an integer (no
    /// fraction, no exponent).
    public mutating func number() throws(Failure) -> (value: Double, integer: Bool) {
        let start = index
        func digits(_ scanner: inout JSONScanner) -> Int {
            let first = scanner.index
            while scanner.index < scanner.end, (0x30...0x39).contains(scanner.bytes[scanner.index]) { scanner.index += 1 }
            return scanner.index - first
        }
        _ = skip(UInt8(ascii: "-"))
        let leadingZero = current == 0x30
        let whole = digits(&self)
        guard whole > 0, !(leadingZero && whole > 1) else { throw Failure(fault: .noNumber, offset: start) }
        var integer = true
        if skip(UInt8(ascii: ".")) {
            integer = false
            guard digits(&self) > 0 else { throw failure(.noFractionDigits) }
        }
        if skip(UInt8(ascii: "e")) || skip(UInt8(ascii: "E")) {
            integer = false
            if !skip(UInt8(ascii: "+")) { _ = skip(UInt8(ascii: "-")) }
            guard digits(&self) > 0 else { throw failure(.noExponentDigits) }
        }
        guard let value = Double(String(decoding: bytes[start..<index], as: UTF8.self)) else { throw failure(.numberOutOfRange) }
        return (value, integer)
    }

    /// A string from its opening quote; escapes decoded, raw control characters refused.
    public mutating func string() throws(Failure) -> String {
        index += 1
        let start = index
        // The common case: no escape, so the bytes between the quotes are the string.
        while index < end, bytes[index] != UInt8(ascii: "\""), bytes[index] != UInt8(ascii: "\\"), bytes[index] >= 0x20 {
            index += 1
        }
        guard index < end else { throw failure(.unterminatedString) }
        if bytes[index] == UInt8(ascii: "\"") {
            index += 1
            return try utf8(bytes[start..<index - 1], offset: index - 1)
        }
        var out = Array(bytes[start..<index])
        while true {
            guard index < end else { throw failure(.unterminatedString) }
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                return try utf8(out[...], offset: index)
            case UInt8(ascii: "\\"):
                guard index < end else { throw Failure(fault: .unterminatedString, offset: index - 1) }
                let escaped = bytes[index]
                index += 1
                switch escaped {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(escaped)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "u"): out.append(contentsOf: String(Character(try unicodeEscape())).utf8)
                default: throw failure(.badEscape)
                }
            case 0x00..<0x20:
                throw Failure(fault: .controlCharacter, offset: index - 1)
            default:
                out.append(byte)
            }
        }
    }

    /// The scalar of a `\u` escape after its `\u`, a surrogate pair joined.
    mutating func unicodeEscape() throws(Failure) -> Unicode.Scalar {
        var scalar = try hex4()
        if (0xD800..<0xDC00).contains(scalar) {
            guard index + 1 < end, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                throw failure(.loneSurrogate)
            }
            index += 2
            let low = try hex4()
            guard (0xDC00..<0xE000).contains(low) else { throw failure(.loneSurrogate) }
            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
        }
        guard let unicode = Unicode.Scalar(scalar) else { throw failure(.loneSurrogate) }
        return unicode
    }

    /// Four hex digits; on a bad one the fault names it, and `index` stays at the first.
    mutating func hex4() throws(Failure) -> UInt32 {
        guard index + 4 <= end else { throw failure(.badUnicodeEscape) }
        var value: UInt32 = 0
        for offset in index..<index + 4 {
            let byte = bytes[offset]
            let digit: UInt32
            switch byte {
            case 0x30...0x39: digit = UInt32(byte - 0x30)
            case 0x41...0x46: digit = UInt32(byte - 0x41 + 10)
            case 0x61...0x66: digit = UInt32(byte - 0x61 + 10)
            default: throw Failure(fault: .badUnicodeEscape, offset: offset)
            }
            value = value << 4 | digit
        }
        index += 4
        return value
    }

    func failure(_ fault: Fault) -> Failure { Failure(fault: fault, offset: index) }

    func utf8(_ buffer: ArraySlice<UInt8>, offset: Int) throws(Failure) -> String {
        // ASCII is valid UTF-8 as it stands, and decoding it is the same string; the validating
        // initializer is kept for the rest (it costs a generic metadata lookup on every call).
        if buffer.allSatisfy({ $0 < 0x80 }) { return String(decoding: buffer, as: UTF8.self) }
        guard let text = String(validating: buffer, as: UTF8.self) else { throw Failure(fault: .notUTF8, offset: offset) }
        return text
    }
}
