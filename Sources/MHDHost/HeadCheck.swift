/// The rules a request head must keep before any route sees it, checked on the head as
/// received (every field, at its real length, in order).
///
/// libmicrohttpd 0.9.75 parses the head and refuses a malformed request line, a head larger
/// than its connection memory (431) and an HTTP/1.1 request without `Host` (400); it takes a
/// body as chunked when `Transfer-Encoding: chunked` is present, whatever `Content-Length`
/// says, and keeps every repeated field. What it lets through and RFC 9112 forbids is refused
/// here, and the connection is closed after the answer, because after a framing error the rest
/// of the stream cannot be trusted to start a request (request smuggling):
/// `Content-Length` with `Transfer-Encoding` (§6.3), a repeated or non-numeric
/// `Content-Length` (§6.3), a `Transfer-Encoding` other than one `chunked`, a missing or
/// repeated `Host` on HTTP/1.1 (§3.2), a repeated `Authorization` (which value would count?),
/// control characters in a field, a path holding one once percent-decoded, and a field
/// continued on a line starting with a space or tab (obs-fold, §5.2: `folded`, which the
/// caller learns from where libmicrohttpd put the field, `cmhd_head_is_folded`).
public enum HeadCheck {
    public static func problem(version: String, rawTarget: String, headers: [(name: String, value: String)],
                               limits: HTTPLimits, folded: Bool = false) -> HTTPRejection? {
        if folded {
            // libmicrohttpd 0.9.75 joins a continuation line to the field's name, so
            // `Content-Length: 5` + ` 0` framed no body at all (`cmhd_head_is_folded`).
            return HTTPRejection(status: 400, message: "a header field continued on a line starting with a space or tab (obs-fold, RFC 9112 section 5.2)")
        }
        if headers.count > limits.maxHeaders {
            return HTTPRejection(status: 431, message: "more than \(limits.maxHeaders) header fields")
        }
        let bytes = headers.reduce(0) { $0 + $1.name.utf8.count + $1.value.utf8.count }
        if bytes > limits.maxHeaderBytes {
            return HTTPRejection(status: 431, message: "header fields of more than \(limits.maxHeaderBytes) bytes")
        }
        // One pass; a name is compared without lowercasing it (every request has a head, and a
        // lowercased copy and a dictionary of counts per field cost more than the rest of the check).
        var hosts = 0, authorizations = 0
        var lengths: [String] = [], encodings: [String] = []
        for (name, value) in headers {
            if hasControl(name, allowTab: false) || hasControl(value, allowTab: true) {
                return HTTPRejection(status: 400, message: "header field '\(name.lowercased())' holds a control character")
            }
            if isNamed(name, "host") { hosts += 1 }
            if isNamed(name, "authorization") { authorizations += 1 }
            if isNamed(name, "content-length") { lengths.append(value) }
            if isNamed(name, "transfer-encoding") { encodings.append(value) }
        }
        if !lengths.isEmpty && !encodings.isEmpty {
            return HTTPRejection(status: 400, message: "both Content-Length and Transfer-Encoding given (RFC 9112 section 6.3)")
        }
        if lengths.count > 1 {
            return HTTPRejection(status: 400, message: "Content-Length given \(lengths.count) times")
        }
        if let length = lengths.first, length.isEmpty || length.utf8.count > 18
            || !length.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) {
            return HTTPRejection(status: 400, message: "Content-Length is not a decimal number of bytes")
        }
        if encodings.count > 1 || encodings.first.map({ $0.lowercased() != "chunked" }) == true
            || (!encodings.isEmpty && version != "HTTP/1.1") {
            return HTTPRejection(status: 400, message: "Transfer-Encoding other than one 'chunked' on HTTP/1.1")
        }
        if hosts > 1 || (hosts == 0 && version == "HTTP/1.1") {
            return HTTPRejection(status: 400, message: hosts == 0 ? "an HTTP/1.1 request without Host (RFC 9112 section 3.2)"
                                                                  : "Host given \(hosts) times (RFC 9112 section 3.2)")
        }
        if authorizations > 1 {
            return HTTPRejection(status: 400, message: "Authorization given \(authorizations) times")
        }
        if pathHasControl(rawTarget) {
            return HTTPRejection(status: 400, message: "the request path holds a control character")
        }
        return nil
    }

    /// Whether `name.lowercased() == lowered` (`lowered`: lowercase ASCII), by bytes with A-Z
    /// folded. The same answer: the one character outside ASCII that lowercases to an ASCII
    /// letter, or equals one canonically, is U+212A KELVIN SIGN (`k`, `K`), and no name asked
    /// about here holds a `k`.
    static func isNamed(_ name: String, _ lowered: String) -> Bool {
        name.utf8.count == lowered.utf8.count
            && name.utf8.elementsEqual(lowered.utf8) { ($0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0) == $1 }
    }

    /// Whether the target's path (before the first `?`), percent-decoded, holds a control
    /// character. An ASCII path with no `%` is read in place up to its first `?` byte; any other
    /// is split by `Character` and decoded as before (where a `?` followed by a combining mark is
    /// one character, not a `?`).
    static func pathHasControl(_ rawTarget: String) -> Bool {
        let quick = rawTarget.utf8.withContiguousStorageIfAvailable { bytes -> Bool? in
            var end = bytes.count, escaped = false
            for index in bytes.indices {
                let byte = bytes[index]
                if byte >= 0x80 { return nil }
                if index < end {
                    if byte == UInt8(ascii: "?") { end = index } else if byte == UInt8(ascii: "%") { escaped = true }
                }
            }
            return escaped ? nil : hasControl(bytes[..<end], allowTab: false)
        }
        if let quick, let answer = quick { return answer }
        let path = rawTarget.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
        return hasControl(percentDecoded(path), allowTab: false)
    }

    /// `hasControl` over a string's UTF-8, read in place when the string is contiguous (a
    /// native one always is): the generic form walks a `String.UTF8View` index by index.
    public static func hasControl(_ text: String, allowTab: Bool) -> Bool {
        text.utf8.withContiguousStorageIfAvailable { hasControl($0, allowTab: allowTab) }
            ?? hasControl(text.utf8, allowTab: allowTab)
    }

    /// C0 controls, DEL and the C1 controls (U+0080–U+009F, as UTF-8 `C2 80`…`C2 9F`).
    @inlinable
    public static func hasControl<Bytes: Sequence<UInt8>>(_ bytes: Bytes, allowTab: Bool) -> Bool {
        var afterC2 = false
        for byte in bytes {
            if byte < 0x20 && !(allowTab && byte == 0x09) || byte == 0x7F { return true }
            if afterC2 && byte >= 0x80 && byte <= 0x9F { return true }
            afterC2 = byte == 0xC2
        }
        return false
    }

    /// `%XX` decoded to bytes (a malformed escape is kept as written).
    static func percentDecoded(_ text: String) -> [UInt8] {
        let bytes = Array(text.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var index = 0
        func hex(_ byte: UInt8) -> UInt8? {
            switch byte {
            case 0x30...0x39: byte - 0x30
            case 0x41...0x46: byte - 0x41 + 10
            case 0x61...0x66: byte - 0x61 + 10
            default: nil
            }
        }
        while index < bytes.count {
            if bytes[index] == 0x25, index + 2 < bytes.count, let high = hex(bytes[index + 1]), let low = hex(bytes[index + 2]) {
                out.append(high << 4 | low)
                index += 3
            } else {
                out.append(bytes[index])
                index += 1
            }
        }
        return out
    }
}
