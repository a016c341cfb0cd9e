extension JSONLineReader {
    /// The one value `bytes[range]` holds, with only what `selection` names built; the same
    /// refusals, at the same bytes, as `read(_:in:)`. A selected value is the node `read(_:in:)`
    /// would give at its path (a duplicate field name still keeps the last value).
    public static func read(_ bytes: [UInt8], in range: Range<Int>, keeping selection: JSONSelection) throws(Problem) -> JSONNode {
        var reader = JSONLineReader(scanner: JSONScanner(bytes: bytes, index: range.lowerBound, end: range.upperBound))
        let value = try reader.value(depth: 0, keeping: selection)
        reader.scanner.skipSpace()
        guard reader.scanner.current == nil else { throw reader.problem("unexpected text after the value") }
        return value
    }

    /// Reads past one value as `value(depth:)` would, with its checks and faults, building nothing.
    mutating func skipValue(depth: Int) throws(Problem) {
        let first = try valueStart(depth: depth)
        switch first {
        case UInt8(ascii: "{"):
            scanner.index += 1
            scanner.skipSpace()
            if scanner.skip(UInt8(ascii: "}")) { return }
            while true {
                scanner.skipSpace()
                guard scanner.current == UInt8(ascii: "\"") else { throw problem("expected a field name") }
                try skipString()
                scanner.skipSpace()
                guard scanner.skip(UInt8(ascii: ":")) else { throw problem("expected ':'") }
                try skipValue(depth: depth + 1)
                if try reachedEnd(of: "object", closedBy: UInt8(ascii: "}")) { return }
            }
        case UInt8(ascii: "["):
            scanner.index += 1
            scanner.skipSpace()
            if scanner.skip(UInt8(ascii: "]")) { return }
            while true {
                try skipValue(depth: depth + 1)
                if try reachedEnd(of: "array", closedBy: UInt8(ascii: "]")) { return }
            }
        case UInt8(ascii: "\""):
            try skipString()
        case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
            guard scanner.literal() != nil else { throw problem("expected a value") }
        default:
            try skipNumber()
        }
    }

    /// Past a string from its opening quote. Plain ASCII without escapes or control characters
    /// is valid as it stands; anything else is read by the scanner itself (its checks, its faults).
    mutating func skipString() throws(Problem) {
        var index = scanner.index + 1
        while index < scanner.end {
            let byte = scanner.bytes[index]
            if byte == UInt8(ascii: "\"") {
                scanner.index = index + 1
                return
            }
            if byte == UInt8(ascii: "\\") || byte < 0x20 || byte >= 0x80 { break }
            index += 1
        }
        _ = try string()
    }

    /// Past a number. A plain integer of up to 15 digits is valid as it stands (no Double is
    /// out of range for it); anything else is read by the scanner itself.
    mutating func skipNumber() throws(Problem) {
        let start = scanner.index
        var index = start
        if index < scanner.end, scanner.bytes[index] == UInt8(ascii: "-") { index += 1 }
        let digitsStart = index
        while index < scanner.end, (0x30...0x39).contains(scanner.bytes[index]) { index += 1 }
        let count = index - digitsStart
        let next = index < scanner.end ? scanner.bytes[index] : 0x20
        if count > 0, count <= 15, !(count > 1 && scanner.bytes[digitsStart] == 0x30),
           next != UInt8(ascii: "."), next != UInt8(ascii: "e"), next != UInt8(ascii: "E") {
            scanner.index = index
            return
        }
        do { _ = try scanner.number() } catch { throw Self.problem(error) }
    }
}
