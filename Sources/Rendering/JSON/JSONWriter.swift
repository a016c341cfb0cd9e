/// The one JSON writer: every document calpolicy prints or stores (eval, select, diff,
/// explain, snapshots) goes through it.
///
/// Writes `JSONValue` deterministically: keys in the order given, two-space indent,
/// objects and arrays nested at most two deep on one line (a day, a week) and `rows`
/// one element per line, which keeps a year's output readable and line-diffable.
/// `appendInline` writes any value on one line (a record per line in snapshots, diffs
/// and explanations).
public enum JSONWriter {
    public static func write(_ value: JSONValue) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(1024)
        write(value, indent: 0, inline: false, into: &bytes)
        bytes.append(0x0A)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// One value as it appears `indent` spaces deep in a document (no newline after it):
    /// lets a long document be written piece by piece with the same layout.
    public static func append(_ value: JSONValue, indent: Int, to out: inout String) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(512)
        write(value, indent: indent, inline: false, into: &bytes)
        out += String(decoding: bytes, as: UTF8.self)
    }

    /// One value on one line, however deep it nests, as a String of its own; `reserving` bytes
    /// up front (a decision-log line is near 1 KiB: growing from 256 copied it twice).
    public static func inline(_ value: JSONValue, reserving capacity: Int) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(capacity)
        write(value, indent: 0, inline: true, into: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// One value on one line, however deep it nests.
    public static func appendInline(_ value: JSONValue, to out: inout String) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(256)
        write(value, indent: 0, inline: true, into: &bytes)
        out += String(decoding: bytes, as: UTF8.self)
    }

    /// One value on one line onto `out`'s bytes: a line written in pieces straight into one
    /// reused buffer (the decision log's) makes no String per piece.
    public static func appendInline(_ value: JSONValue, to out: inout [UInt8]) {
        write(value, indent: 0, inline: true, into: &out)
    }

    /// `text` as a JSON string, quotes included, onto `out`'s bytes (the escaping of `escape`).
    public static func appendString(_ text: String, to out: inout [UInt8]) {
        escape(text, into: &out)
    }

    /// `text` made safe for one line (`TerminalText.escape`) as a JSON string, quotes included,
    /// onto `out`'s bytes: the same bytes as `appendString(TerminalText.escape(text))`. Printable
    /// ASCII with no quote or backslash (a version, a day, an address, a method: nearly every
    /// such text) is what both escapers leave as it is, so it is copied after one scan; the two
    /// escapers' scans and the String between them were a twentieth of what a decision line cost.
    public static func appendTerminalText(_ text: String, to out: inout [UInt8]) {
        let copied = text.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
            guard isPlainTerminalText(bytes) else { return false }
            out.append(0x22)
            out.append(contentsOf: bytes)
            out.append(0x22)
            return true
        }
        if copied != true { appendString(TerminalText.escape(text), to: &out) }
    }

    /// True when `bytes` are printable ASCII with no quote or backslash: what `TerminalText` and
    /// JSON's escaping both leave unchanged. Decided eight bytes at a time (`ByteScan`).
    static func isPlainTerminalText(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        ByteScan.plainPrefix(bytes, suspectWord: { word in
            ByteScan.below(word, 0x20) | ByteScan.above(word, 0x7E) | ByteScan.equal(word, 0x22)
                | ByteScan.equal(word, 0x5C) != 0
        }, specialByte: { byte in
            byte < 0x20 || byte > 0x7E || byte == 0x22 || byte == 0x5C
        }) == bytes.count
    }

    /// `value` in decimal onto `out`'s bytes, as `.int` is written.
    public static func appendInteger(_ value: Int, to out: inout [UInt8]) {
        // The CSV writer's digits, the same text as `String(value)` without a String per number
        // (three per decision-log line).
        CSVWriter.appendInteger(value, to: &out)
    }

    // The writer works on UTF-8 bytes: a document is hundreds of small pieces, and appending
    // bytes to an array costs a fraction of appending them to a String; each public entry
    // point makes one String at the end.

    /// A literal's UTF-8 (no escaping: literals written are known to need none).
    @inline(__always) static func put(_ text: StaticString, _ out: inout [UInt8]) {
        out.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    @inline(__always) private static func spaces(_ count: Int, _ out: inout [UInt8]) {
        out.append(contentsOf: repeatElement(0x20, count: count))
    }

    private static func write(_ value: JSONValue, indent: Int, inline: Bool, into out: inout [UInt8]) {
        switch value {
        case .null: put("null", &out)
        case .bool(let flag): if flag { put("true", &out) } else { put("false", &out) }
        case .int(let number): out.append(contentsOf: String(number).utf8)
        case .string(let text): escape(text, into: &out)
        case .array(let values), .rows(let values):
            if values.isEmpty { put("[]", &out); return }
            if inline || (value.isArray && value.isShallow(2)) {
                out.append(0x5B)
                for (index, element) in values.enumerated() {
                    if index > 0 { put(", ", &out) }
                    write(element, indent: indent, inline: inline, into: &out)
                }
                out.append(0x5D)
                return
            }
            put("[\n", &out)
            for (index, element) in values.enumerated() {
                spaces(indent + 2, &out)
                write(element, indent: indent + 2, inline: false, into: &out)
                if index < values.count - 1 { put(",\n", &out) } else { out.append(0x0A) }
            }
            spaces(indent, &out)
            out.append(0x5D)
        case .object(let pairs):
            if pairs.isEmpty { put("{}", &out); return }
            if inline || value.isShallow(2) {
                out.append(0x7B)
                for (index, (key, element)) in pairs.enumerated() {
                    if index > 0 { put(", ", &out) }
                    escape(key, into: &out)
                    put(": ", &out)
                    write(element, indent: indent, inline: inline, into: &out)
                }
                out.append(0x7D)
                return
            }
            put("{\n", &out)
            for (index, (key, element)) in pairs.enumerated() {
                spaces(indent + 2, &out)
                escape(key, into: &out)
                put(": ", &out)
                write(element, indent: indent + 2, inline: false, into: &out)
                if index < pairs.count - 1 { put(",\n", &out) } else { out.append(0x0A) }
            }
            spaces(indent, &out)
            out.append(0x7D)
        }
    }

    /// `escape(_:into:)` onto bytes: the common string (nothing to escape) is one copy.
    static func escape(_ text: String, into out: inout [UInt8]) {
        out.append(0x22)
        escapeContents(text, into: &out)
        out.append(0x22)
    }

    /// `text` as the inside of a JSON string (no quotes), escaped as `escape(_:into:)` escapes
    /// it, straight into bytes: a label written in pieces (`DayLabeler.appendJSON`) makes no
    /// String of its own.
    static func escapeContents(_ text: String, into out: inout [UInt8]) {
        func escape(_ bytes: UnsafeBufferPointer<UInt8>) {
            guard !isPlainContents(bytes) else {
                out.append(contentsOf: bytes)
                return
            }
            _ = UnsafeRowWriter.append(to: &out, capacity: UnsafeRowWriter.jsonStringCapacity(bytes.count, strings: 0)) {
                $0.jsonContents(bytes)
                return true
            }
        }
        // The text's own storage when it has one (every native string): a mutable copy for
        // `withUTF8` was a retain and a release per string.
        if text.utf8.withContiguousStorageIfAvailable(escape) == nil {
            var text = text
            text.withUTF8(escape)
        }
    }

    /// True when none of `bytes` may need escaping: no control byte, quote, backslash, DEL or
    /// 0xE2 (the lead byte of U+2028/U+2029). Decided eight bytes at a time (`ByteScan`): every
    /// label and reason of a JSON report passes here, and the byte-by-byte test cost ~1,000
    /// instructions a day.
    static func isPlainContents(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        ByteScan.plainPrefix(bytes, suspectWord: { word in
            ByteScan.below(word, 0x20) | ByteScan.equal(word, 0x22) | ByteScan.equal(word, 0x5C)
                | ByteScan.equal(word, 0x7F) | ByteScan.equal(word, 0xE2) != 0
        }, specialByte: { byte in
            byte < 0x20 || byte == 0x22 || byte == 0x5C || byte == 0x7F || byte == 0xE2
        }) == bytes.count
    }

    /// Whether any byte of `text` may need escaping (a scan over the contiguous UTF-8 when the
    /// string has it, which native strings do).
    private static func needsEscaping(_ text: String) -> Bool {
        @inline(__always) func special(_ byte: UInt8) -> Bool {
            byte < 0x20 || byte == 0x22 || byte == 0x5C || byte == 0x7F || byte == 0xE2
        }
        if let found = text.utf8.withContiguousStorageIfAvailable({ !isPlainContents($0) }) {
            return found
        }
        return text.utf8.contains(where: special)
    }

    /// `text` as a JSON string, quotes included.
    public static func string(_ text: String) -> String {
        var out = ""
        escape(text, into: &out)
        return out
    }

    /// RFC 8259 escaping, quotes included: quote, backslash and every control character
    /// (DEL too); U+2028/2029 are escaped as well, for JavaScript's sake. The rest is
    /// written as UTF-8 unchanged.
    public static func escape(_ text: String, into out: inout String) {
        out += "\""
        // Almost every string (dates, names, labels) needs nothing escaped: one byte scan,
        // one append. 0xE2 leads U+2028/2029 (and other scalars, which then take the slow path).
        if !needsEscaping(text) {
            out += text
            out += "\""
            return
        }
        ScalarEscaping.escape(text, into: &out) { scalar in
            switch scalar {
            case "\"": return "\\\""
            case "\\": return "\\\\"
            case "\n": return "\\n"
            case "\r": return "\\r"
            case "\t": return "\\t"
            case "\u{08}": return "\\b"
            case "\u{0C}": return "\\f"
            case "\u{2028}": return "\\u2028"
            case "\u{2029}": return "\\u2029"
            default:
                guard scalar.value < 0x20 || scalar.value == 0x7F else { return nil }
                let hex = String(scalar.value, radix: 16)
                return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            }
        }
        out += "\""
    }
}
