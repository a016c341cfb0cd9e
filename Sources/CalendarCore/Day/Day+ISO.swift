/// ISO 8601 calendar-date text (`YYYY-MM-DD`), the only textual form of a `Day`.
///
/// The one Swift grammar of a date's text: `Day(iso:)`, the data files' readers and the
/// command line's "is this word a date?" all go through `isoFields`. Its C twin is CCivilDays'
/// `ccd_parse_iso` (what Lua gets through the bridge); `ISOGrammarAgreementTests` holds the two
/// equal over every day 0001-01-01...9999-12-31 and a corpus of malformed text.
extension Day: CustomStringConvertible, LosslessStringConvertible {
    /// Parses exactly `YYYY-MM-DD`: four-digit year 0001...9999, two-digit month and day.
    /// `2026-1-5`, `2026-02-30` and trailing text are rejected, each with its own reason.
    public init(iso text: String) throws(DayError) {
        if text.isEmpty { throw .empty }
        var text = text
        guard let fields = text.withUTF8({ Day.isoFields($0) }) else { throw .malformed(text) }
        try self.init(year: fields.year, month: fields.month, day: fields.day)
    }

    /// The date of `YYYY-MM-DD` bytes when they are one that exists (year 0001...9999), else nil:
    /// for readers of data files, without building a String.
    public init?<Bytes: Collection<UInt8>>(isoBytes bytes: Bytes) {
        guard let fields = Day.isoFields(bytes), let day = try? Day(year: fields.year, month: fields.month, day: fields.day)
        else { return nil }
        self = day
    }

    /// The shape alone: ten bytes `DDDD-DD-DD` (a word the command line takes for a date, to
    /// report a bad one as a bad date rather than a missing file).
    public static func hasISOShape(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { isoFields($0) } != nil
    }

    /// Year, month and day digits of `DDDD-DD-DD`, unchecked for range; nil for any other shape.
    @inlinable
    public static func isoFields<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> (year: Int, month: Int, day: Int)? {
        guard bytes.count == 10 else { return nil }
        var fields = (0, 0, 0)
        var offset = 0
        for byte in bytes {
            switch offset {
            case 4, 7:
                guard byte == UInt8(ascii: "-") else { return nil }
            default:
                let digit = Int(byte) &- 48
                guard digit >= 0, digit <= 9 else { return nil }
                if offset < 4 { fields.0 = fields.0 * 10 + digit }
                else if offset < 7 { fields.1 = fields.1 * 10 + digit }
                else { fields.2 = fields.2 * 10 + digit }
            }
            offset += 1
        }
        return (fields.0, fields.1, fields.2)
    }

    public init?(_ description: String) {
        guard let day = try? Day(iso: description) else { return nil }
        self = day
    }

    public var description: String { iso }

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
