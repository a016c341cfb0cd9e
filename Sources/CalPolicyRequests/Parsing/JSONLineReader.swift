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

    var scanner: JSONScanner

    /// The one value `bytes[range]` holds, with nothing but whitespace around it.
    public static func read(_ bytes: [UInt8], in range: Range<Int>) throws(Problem) -> JSONNode {
        try read(bytes, in: range, keeping: .all)
    }

    public static func read(_ text: String) throws(Problem) -> JSONNode {
        let bytes = Array(text.utf8)
        return try read(bytes, in: 0..<bytes.count)
    }

    func problem(_ message: String) -> Problem { Problem(offset: scanner.index, message: message) }

    /// The first byte of the next value, past whitespace, at a nesting `depth` under the cap:
    /// where `value` and `skipValue` both begin, so both refuse at the same byte.
    mutating func valueStart(depth: Int) throws(Problem) -> UInt8 {
        scanner.skipSpace()
        guard let first = scanner.current else { throw problem("expected a value") }
        guard depth < Self.maximumDepth else { throw problem("nested deeper than \(Self.maximumDepth)") }
        return first
    }

    /// One value; with a `.fields` selection an object's unselected fields are skipped
    /// (`skipValue`: the same checks and faults, nothing built) and its selected ones read with
    /// their own selection. Arrays and scalars are built whole under any selection.
    mutating func value(depth: Int, keeping selection: JSONSelection = .all) throws(Problem) -> JSONNode {
        let first = try valueStart(depth: depth)
        switch first {
        case UInt8(ascii: "{"):
            scanner.index += 1
            var fields: [String: JSONNode] = [:]
            scanner.skipSpace()
            if scanner.skip(UInt8(ascii: "}")) { return .object(fields) }
            while true {
                scanner.skipSpace()
                guard scanner.current == UInt8(ascii: "\"") else { throw problem("expected a field name") }
                let key = try string()
                scanner.skipSpace()
                guard scanner.skip(UInt8(ascii: ":")) else { throw problem("expected ':'") }
                switch selection {
                case .all: fields[key] = try value(depth: depth + 1)
                case .fields(let wanted):
                    if let inner = wanted[key] { fields[key] = try value(depth: depth + 1, keeping: inner) } else {
                        try skipValue(depth: depth + 1)
                    }
                }
                if try reachedEnd(of: "object", closedBy: UInt8(ascii: "}")) { return .object(fields) }
            }
        case UInt8(ascii: "["):
            scanner.index += 1
            var items: [JSONNode] = []
            scanner.skipSpace()
            if scanner.skip(UInt8(ascii: "]")) { return .array(items) }
            while true {
                items.append(try value(depth: depth + 1))
                if try reachedEnd(of: "array", closedBy: UInt8(ascii: "]")) { return .array(items) }
            }
        case UInt8(ascii: "\""):
            return .string(try string())
        case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
            guard let literal = scanner.literal() else { throw problem("expected a value") }
            return literal == .null ? .null : .bool(literal == .true)
        default:
            do {
                let (number, integer) = try scanner.number()
                return .number(number, integer: integer)
            } catch {
                throw Self.problem(error)
            }
        }
    }

    /// After a member of an object or an element of an array: true past its closing `close`,
    /// false past the ',' before another.
    mutating func reachedEnd(of container: String, closedBy close: UInt8) throws(Problem) -> Bool {
        scanner.skipSpace()
        guard let next = scanner.current else { throw problem("unterminated \(container)") }
        if scanner.skip(UInt8(ascii: ",")) { return false }
        guard next == close else { throw problem("expected ',' or '\(Character(Unicode.Scalar(close)))'") }
        scanner.index += 1
        return true
    }

    mutating func string() throws(Problem) -> String {
        do { return try scanner.string() } catch { throw Self.problem(error) }
    }

    /// The scanner's fault in this reader's words, at the byte it names.
    static func problem(_ failure: JSONScanner.Failure) -> Problem {
        let message = switch failure.fault {
        case .noNumber: "expected a value"
        case .noFractionDigits: "expected digits after '.'"
        case .noExponentDigits: "expected digits in the exponent"
        case .numberOutOfRange: "a number out of range"
        case .unterminatedString: "unterminated string"
        case .controlCharacter: "a control character in a string"
        case .badEscape: "a bad escape in a string"
        case .badUnicodeEscape: "a bad \\u escape"
        case .loneSurrogate: "a lone surrogate in a string"
        case .notUTF8: "a string that is not UTF-8"
        }
        return Problem(offset: failure.offset, message: message)
    }
}
