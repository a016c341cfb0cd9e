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

    public var description: String { iso }

    private static func digits(_ bytes: ArraySlice<UInt8>) -> Int? {
        var value = 0
        for b in bytes {
            guard b >= UInt8(ascii: "0"), b <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int(b - UInt8(ascii: "0"))
        }
        return value
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
