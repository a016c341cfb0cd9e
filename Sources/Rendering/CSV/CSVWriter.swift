import CalendarCore
import PolicyEngine

/// RFC 4180 fields: quoted when they hold a comma, quote, CR or LF (quotes doubled);
/// rows end with LF, which every CSV reader accepts.
public enum CSVWriter {
    public static func field(_ text: String) -> String {
        // Bytes, not Characters: comparing Characters costs a string comparison each, and
        // this runs for every field of every day (it was half of a long CSV evaluation).
        let needsQuotes = text.utf8.contains { $0 == 0x2C || $0 == 0x22 || $0 == 0x0A || $0 == 0x0D }
        guard needsQuotes else { return text }
        return "\"" + text.replacingAll("\"", with: "\"\"") + "\""
    }

    public static func row(_ fields: [String]) -> String {
        var out: [UInt8] = []
        append(fields, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends one row's UTF-8 in place. A long evaluation writes every row into one
    /// byte buffer: appending to a `String` cost ~340 instructions per field here.
    public static func append(_ fields: [String], to out: inout [UInt8]) {
        for index in fields.indices {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            var text = field(fields[index])
            text.withUTF8 { out.append(contentsOf: $0) }
        }
        out.append(UInt8(ascii: "\n"))
    }

    /// One field's UTF-8, quoted as `field(_:)` would, without building a new String
    /// when no quoting is needed.
    public static func appendField(_ text: String, to out: inout [UInt8]) {
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

    /// A field whose text came from a policy (reason, label, colour, image, policy name):
    /// control, bidi and invisible format characters escaped as on a terminal
    /// (`TerminalText`, so a row is always one line), and a leading `=`, `+`, `-`, `@`,
    /// tab or carriage return neutralised with an apostrophe, so a spreadsheet shows the
    /// text instead of running it as a formula (OWASP's CSV-injection rule). Then quoted
    /// as `field(_:)`. Numbers and dates never come through here. Clean text (nearly all)
    /// is appended whole after one byte scan.
    public static func appendText(_ text: String, to out: inout [UInt8]) {
        var text = text
        let clean = text.withUTF8 { bytes -> Bool in
            guard isPlain(bytes) else { return false }
            out.append(contentsOf: bytes)
            return true
        }
        if clean { return }
        var safe = TerminalText.escape(text)
        if let first = text.utf8.first, isFormulaStart(first) { safe = "'" + safe }
        appendField(safe, to: &out)
    }

    /// True when `appendText` writes these UTF-8 bytes unchanged: nothing to escape
    /// (`TerminalText`, which also rules out CR and LF), no formula start, no comma or quote.
    ///
    /// Printable ASCII other than a comma or quote (nearly every reason, label and policy name)
    /// is decided in one unchecked pass; only text with other bytes takes the full scans.
    /// A reason is written twice a row, and the two checked scans cost ~20 instructions a byte.
    @inline(__always)
    static func isPlain(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = bytes.first else { return true }
        if isFormulaStart(first) { return false }
        let plain = ByteScan.plainPrefix(bytes, suspectWord: { word in
            ByteScan.below(word, 0x20) | ByteScan.above(word, 0x7E) | ByteScan.equal(word, 0x2C)
                | ByteScan.equal(word, 0x22) != 0
        }, specialByte: { byte in
            byte < 0x20 || byte > 0x7E || byte == 0x2C || byte == 0x22
        })
        if plain == bytes.count { return true }
        guard TerminalText.isClean(bytes) else { return false }
        return !bytes.contains(where: { $0 == 0x2C || $0 == 0x22 })
    }

    /// `=`, `+`, `-`, `@`, tab, carriage return: what makes a spreadsheet read a cell as a formula.
    @inline(__always)
    public static func isFormulaStart(_ byte: UInt8) -> Bool {
        byte == 0x3D || byte == 0x2B || byte == 0x2D || byte == 0x40 || byte == 0x09 || byte == 0x0D
    }

    /// Decimal text of `value`, as `String(value)` writes it.
    public static func appendInteger(_ value: Int, to out: inout [UInt8]) {
        if value < 0 { out.append(UInt8(ascii: "-")) }
        appendDigits(value.magnitude, to: &out)
    }

    /// Most significant digit first. Calendar fields have one to four digits, so those
    /// are written directly; a scratch buffer copied as a slice cost more than the digits.
    private static func appendDigits(_ value: UInt, to out: inout [UInt8]) {
        if value >= 10_000 { appendDigits(value / 10_000, to: &out); appendPadded(value % 10_000, width: 4, to: &out); return }
        if value >= 1_000 { appendPadded(value, width: 4, to: &out); return }
        if value >= 100 { appendPadded(value, width: 3, to: &out); return }
        if value >= 10 { appendPadded(value, width: 2, to: &out); return }
        out.append(UInt8(truncatingIfNeeded: 0x30 + value))
    }

    /// `value` (below 10^width) in exactly `width` digits, zeros in front.
    private static func appendPadded(_ value: UInt, width: Int, to out: inout [UInt8]) {
        if width >= 4 { out.append(UInt8(truncatingIfNeeded: 0x30 + value / 1000 % 10)) }
        if width >= 3 { out.append(UInt8(truncatingIfNeeded: 0x30 + value / 100 % 10)) }
        out.append(UInt8(truncatingIfNeeded: 0x30 + value / 10 % 10))
        out.append(UInt8(truncatingIfNeeded: 0x30 + value % 10))
    }

    /// A day as `YYYY-MM-DD` (what `Day.iso` gives), without building a String.
    public static func appendISO(_ day: Day, to out: inout [UInt8]) {
        day.appendISO(to: &out) // never needs quoting: digits and '-'
    }

    /// `true` / `false`, as `String(Bool)` writes them.
    public static func appendBool(_ value: Bool, to out: inout [UInt8]) {
        if value {
            out.append(UInt8(ascii: "t")); out.append(UInt8(ascii: "r")); out.append(UInt8(ascii: "u"))
        } else {
            out.append(UInt8(ascii: "f")); out.append(UInt8(ascii: "a")); out.append(UInt8(ascii: "l"))
            out.append(UInt8(ascii: "s"))
        }
        out.append(UInt8(ascii: "e"))
    }
}
