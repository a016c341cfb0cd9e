/// The project's one HTTP client, over libcurl (GnuTLS flavour): one exchange per `send`, on
/// the caller's thread, bounded in time and size; redirects are not followed, and no signal is
/// used for timeouts (a server's threads stay undisturbed).
public final class HTTPClient: Sendable {
    /// The CA bundle to trust: nil for the system's, a file for the CAs in it alone.
    let caFile: String?

    public init(caFile: String? = nil) {
        self.caFile = caFile
        CurlGlobal.ensureInitialized()
    }

    public func send(_ request: HTTPRequest) throws(HTTPClientError) -> HTTPResponse {
        try Self.check(request)
        return try CurlTransfer(request: request, caFile: caFile).run()
    }

    /// What is refused before libcurl sees the request: another scheme (libcurl refuses it too,
    /// through CURLOPT_PROTOCOLS_STR), a method that is not a token, a header that would split.
    static func check(_ request: HTTPRequest) throws(HTTPClientError) {
        let lower = request.url.lowercased()
        guard lower.hasPrefix("http://") || lower.hasPrefix("https://") else {
            let scheme = request.url.split(separator: ":", maxSplits: 1).first.map(String.init) ?? ""
            throw .invalidURL(scheme.isEmpty || scheme.count > 16 || scheme == request.url
                              ? "not an http:// or https:// URL" : "scheme \(scheme) is not http or https")
        }
        guard !request.url.utf8.contains(where: { $0 <= 0x20 || $0 == 0x7F }) else {
            throw .invalidURL("the URL contains a space or control character")
        }
        guard !request.method.isEmpty, request.method.utf8.allSatisfy(isTokenByte) else {
            throw .transport("the method is not an HTTP token")
        }
        for header in request.headers {
            guard !header.name.isEmpty, header.name.utf8.allSatisfy(isTokenByte) else {
                throw .transport("a header name is not an HTTP token")
            }
            guard !header.value.utf8.contains(where: { $0 == 0x0D || $0 == 0x0A || $0 == 0 }) else {
                throw .transport("the value of header \(header.name) contains a line break")
            }
        }
        guard request.maxResponseBytes >= 0 else { throw .responseTooLarge(limit: request.maxResponseBytes) }
    }

    /// RFC 9110's tchar.
    private static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        default:
            Array("!#$%&'*+-.^_`|~".utf8).contains(byte)
        }
    }
}

extension Duration {
    /// Whole milliseconds, at least 1: libcurl reads 0 as "no limit".
    var curlMilliseconds: Int {
        let (seconds, attoseconds) = components
        guard seconds >= 0 else { return 1 }
        let (millis, overflow) = seconds.multipliedReportingOverflow(by: 1000)
        if overflow { return Int(Int32.max) }
        return Swift.max(1, Int(truncatingIfNeeded: millis + attoseconds / 1_000_000_000_000_000))
    }
}
