/// JSON texts written into a row's region (`EvalJSONDayLine`), escaped as `JSONWriter` escapes
/// them: the one place a JSON string's contents are escaped.
extension UnsafeRowWriter {
    /// The most bytes `jsonString` writes for `strings` texts of `bytes` UTF-8 bytes in all:
    /// each byte escaped to at most six (`\u00XX`; U+2028's three bytes become six), and each
    /// text's quotes or a `null`.
    public static func jsonStringCapacity(_ bytes: Int, strings: Int) -> Int { 6 * bytes + 4 * strings }

    /// `text` as a JSON string, quotes included, or `null`.
    @inline(__always)
    public mutating func jsonString(_ text: String?) {
        guard let text else { return put("null") }
        byte(0x22)
        // The text's own storage when it has one (every native string): no copy to make it so.
        if text.utf8.withContiguousStorageIfAvailable({ jsonContents($0) }) == nil {
            var text = text
            text.withUTF8 { jsonContents($0) }
        }
        byte(0x22)
    }

    /// `value` in decimal, or `null`.
    @inline(__always)
    mutating func integer(_ value: Int?) {
        if let value { integer(value) } else { put("null") }
    }

    /// One member of an object: `key`, the bytes before the value (what ends the one before,
    /// the quoted name and `": "`), then the value as `jsonString`, `integer` or `bool` writes it.
    @inline(__always)
    mutating func member(_ key: StaticString, string value: String?) {
        put(key)
        jsonString(value)
    }

    @inline(__always)
    mutating func member(_ key: StaticString, integer value: Int?) {
        put(key)
        integer(value)
    }

    @inline(__always)
    mutating func member(_ key: StaticString, integer value: Int) {
        put(key)
        integer(value)
    }

    @inline(__always)
    mutating func member(_ key: StaticString, bool value: Bool) {
        put(key)
        bool(value)
    }

    /// `bytes` (UTF-8) as the inside of a JSON string: the common text (nothing to escape) is
    /// one copy; otherwise quote, backslash and the controls are escaped, DEL and the other
    /// controls as `\u00XX`, and U+2028 / U+2029 (line breaks to JavaScript) as `\u2028` /
    /// `\u2029`.
    mutating func jsonContents(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard !JSONWriter.isPlainContents(bytes) else { return copy(bytes) }
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case 0x22: put("\\\"")
            case 0x5C: put("\\\\")
            case 0x0A: put("\\n")
            case 0x0D: put("\\r")
            case 0x09: put("\\t")
            case 0x08: put("\\b")
            case 0x0C: put("\\f")
            case 0xE2 where index + 1 < bytes.count && bytes[index] == 0x80
                && (bytes[index + 1] == 0xA8 || bytes[index + 1] == 0xA9):
                put(bytes[index + 1] == 0xA8 ? "\\u2028" : "\\u2029")
                index += 2
            case 0..<0x20, 0x7F:
                @inline(__always) func hex(_ nibble: UInt8) -> UInt8 { nibble < 10 ? 0x30 + nibble : 0x57 + nibble }
                put("\\u00")
                self.byte(hex(byte >> 4))
                self.byte(hex(byte & 0x0F))
            default:
                self.byte(byte)
            }
        }
    }
}
