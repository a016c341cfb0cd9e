/// ISO 8601 calendar-date text (`YYYY-MM-DD`), the only textual form of a `Day`.
extension Day: CustomStringConvertible, LosslessStringConvertible {
    /// Parses exactly `YYYY-MM-DD`: four-digit year 0001...9999, two-digit month and day.
    /// `2026-1-5`, `2026-02-30` and trailing text are rejected, each with its own reason.
    public init(iso text: String) throws(DayError) {
        if text.isEmpty { throw .empty }
        let bytes = Array(text.utf8)
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
              let year = Day.digits(bytes[0..<4]),
              let month = Day.digits(bytes[5..<7]),
              let day = Day.digits(bytes[8..<10])
        else { throw .malformed(text) }
        try self.init(year: year, month: month, day: day)
    }

    public init?(_ description: String) {
        guard let day = try? Day(iso: description) else { return nil }
        self = day
    }

    /// `YYYY-MM-DD`; years outside 0...9999 get a sign and at least four digits.
    public var iso: String {
        let (y, m, d) = components
        if y >= 0, y <= 9999 {
            // Ten ASCII bytes fit a small (inline) string: no allocation, no concatenation.
            // Every CSV row and many denial reasons format a date, so this runs per day.
            return String(unsafeUninitializedCapacity: 10) { buffer in
                Day.writeISO(y, m, d, into: buffer)
                return 10
            }
        }
        let year = y < 0 ? "-" + Day.pad(-y, 4) : Day.pad(y, 4)
        return year + "-" + Day.pad(m, 2) + "-" + Day.pad(d, 2)
    }

    public var description: String { iso }

    private static func digits(_ bytes: ArraySlice<UInt8>) -> Int? {
        var value = 0
        for b in bytes {
            guard b >= UInt8(ascii: "0"), b <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int(b - UInt8(ascii: "0"))
        }
        return value
    }

    /// `iso` followed by `tail`, built in one allocation: per-day denial reasons start with
    /// the date, and appending the tail to the date string cost twice as much as the date.
    func iso(followedBy tail: StaticString) -> String {
        let (y, m, d) = components
        guard y >= 0, y <= 9999 else { return iso + tail.description }
        let count = 10 + tail.utf8CodeUnitCount
        return String(unsafeUninitializedCapacity: count) { buffer in
            Day.writeISO(y, m, d, into: buffer)
            tail.withUTF8Buffer { bytes in
                guard let source = bytes.baseAddress, let target = buffer.baseAddress else { return }
                (target + 10).update(from: source, count: bytes.count) // one copy, not a checked store per byte
            }
            return count
        }
    }

    /// `YYYY-MM-DD` into the first ten bytes of `buffer`, for a year in 0...9999.
    @inline(__always)
    static func writeISO(_ y: Int, _ m: Int, _ d: Int, into buffer: UnsafeMutableBufferPointer<UInt8>) {
        writeDigits(y, width: 4, into: buffer, at: 0)
        buffer[4] = UInt8(ascii: "-")
        writeDigits(m, width: 2, into: buffer, at: 5)
        buffer[7] = UInt8(ascii: "-")
        writeDigits(d, width: 2, into: buffer, at: 8)
    }

    /// Zero-padded decimal of a non-negative `value` below 10^width.
    @inline(__always)
    static func writeDigits(_ value: Int, width: Int, into buffer: UnsafeMutableBufferPointer<UInt8>, at start: Int) {
        var rest = value
        var index = start + width - 1
        while index >= start {
            buffer[index] = UInt8(truncatingIfNeeded: 0x30 + rest % 10)
            rest /= 10
            index -= 1
        }
    }

    static func pad(_ value: Int, _ width: Int) -> String {
        let s = String(value)
        return s.count >= width ? s : String(repeating: "0", count: width - s.count) + s
    }
}

extension Day: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        do {
            try self.init(iso: text)
        } catch {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: error.description)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(iso)
    }
}
