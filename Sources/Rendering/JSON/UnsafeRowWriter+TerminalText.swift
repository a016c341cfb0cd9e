/// Untrusted texts (a client's address, a query parameter, a policy's version) written into a
/// row's region as `JSONWriter.appendTerminalText` writes them: made safe for one line
/// (`TerminalText.escape`), then a JSON string.
extension UnsafeRowWriter {
    /// The most bytes `terminalText` writes for `strings` texts of `bytes` UTF-8 bytes in all.
    /// `TerminalText` turns one byte into at most six (`\u{1f}`: a control; C1 controls and the
    /// marks take two or three bytes for at most eight), with one backslash per escape, which
    /// JSON doubles; a quote or backslash left as it is becomes two. So at most seven bytes a
    /// byte, and each text's quotes or a `null`.
    public static func terminalTextCapacity(_ bytes: Int, strings: Int) -> Int { 7 * bytes + 4 * strings }

    /// `terminalTextCapacity` of one text (a `null` when nil).
    public static func terminalTextCapacity(_ text: String?) -> Int { terminalTextCapacity(text?.utf8.count ?? 0, strings: 1) }

    /// `text` made safe for one line, as a JSON string, or `null`: the bytes of
    /// `JSONWriter.appendString(TerminalText.escape(text))`. A plain text (nearly every one) is
    /// copied after one scan, with no String made.
    @inline(__always)
    public mutating func terminalText(_ text: String?) {
        guard let text else { return put("null") }
        let copied = text.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
            guard JSONWriter.isPlainTerminalText(bytes) else { return false }
            byte(0x22)
            copy(bytes)
            byte(0x22)
            return true
        }
        if copied != true { jsonString(TerminalText.escape(text)) }
    }
}
