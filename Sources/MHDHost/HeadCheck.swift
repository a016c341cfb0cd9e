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
        // One pass, each name lowercased once (three passes lowercased every name three times).
        var counts: [String: Int] = [:]
        var lengths: [String] = [], encodings: [String] = []
        for (name, value) in headers {
            let lowered = name.lowercased()
            counts[lowered, default: 0] += 1
            if hasControl(name.utf8, allowTab: false) || hasControl(value.utf8, allowTab: true) {
                return HTTPRejection(status: 400, message: "header field '\(lowered)' holds a control character")
            }
            if lowered == "content-length" { lengths.append(value) }
            if lowered == "transfer-encoding" { encodings.append(value) }
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
        let hosts = counts["host"] ?? 0
        if hosts > 1 || (hosts == 0 && version == "HTTP/1.1") {
            return HTTPRejection(status: 400, message: hosts == 0 ? "an HTTP/1.1 request without Host (RFC 9112 section 3.2)"
                                                                  : "Host given \(hosts) times (RFC 9112 section 3.2)")
        }
        if let authorizations = counts["authorization"], authorizations > 1 {
            return HTTPRejection(status: 400, message: "Authorization given \(authorizations) times")
        }
        let path = rawTarget.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
        if hasControl(percentDecoded(path), allowTab: false) {
            return HTTPRejection(status: 400, message: "the request path holds a control character")
        }
        return nil
    }

    /// C0 controls, DEL and the C1 controls (U+0080–U+009F, as UTF-8 `C2 80`…`C2 9F`).
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
