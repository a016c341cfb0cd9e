import CCurl

/// libcurl's process-wide setup, done once before the first handle (curl_global_init is not
/// thread-safe; a static's initializer runs exactly once).
enum CurlGlobal {
    private static let initialized: Bool = ccurl_global_init() == CURLE_OK

    static func ensureInitialized() { _ = initialized }
}

/// What the callbacks collect during one transfer. Reached from C through an unretained pointer
/// that lives no longer than `CurlTransfer.run`.
private final class TransferSink {
    let limit: Int
    var body: [UInt8] = []
    var headers: [String: String] = [:]
    var tooLarge = false

    init(limit: Int) { self.limit = limit }

    func append(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard body.count + bytes.count <= limit else {
            tooLarge = true
            return false
        }
        body.append(contentsOf: bytes)
        return true
    }

    /// One header line as libcurl hands it (CRLF included). A status line starts a new set:
    /// an interim 1xx response's fields do not belong to the final one.
    func header(_ line: UnsafeRawBufferPointer) {
        var text = String(decoding: line, as: UTF8.self)
        while let last = text.last, last.isNewline { text.removeLast() }
        if text.hasPrefix("HTTP/") {
            headers = [:]
            return
        }
        guard let colon = text.firstIndex(of: ":") else { return }
        let name = text[..<colon].lowercased()
        let value = text[text.index(after: colon)...].trimmingSpaces()
        headers[name] = value
    }
}

private extension Substring {
    func trimmingSpaces() -> String {
        var slice = self[...]
        while let first = slice.first, first == " " || first == "\t" { slice = slice.dropFirst() }
        while let last = slice.last, last == " " || last == "\t" { slice = slice.dropLast() }
        return String(slice)
    }
}

private let writeBody: ccurl_data_callback = { data, size, count, context in
    guard let data, let context else { return 0 }
    let sink = Unmanaged<TransferSink>.fromOpaque(context).takeUnretainedValue()
    let length = size * count
    // Returning less than was handed aborts the transfer (CURLE_WRITE_ERROR).
    return sink.append(UnsafeRawBufferPointer(start: data, count: length)) ? length : 0
}

private let readHeader: ccurl_data_callback = { data, size, count, context in
    guard let data, let context else { return 0 }
    let sink = Unmanaged<TransferSink>.fromOpaque(context).takeUnretainedValue()
    let length = size * count
    sink.header(UnsafeRawBufferPointer(start: data, count: length))
    return length
}

/// One easy handle, set up for one request, run once and cleaned up.
struct CurlTransfer {
    let request: HTTPRequest
    let caFile: String?

    func run() throws(HTTPClientError) -> HTTPResponse {
        guard let handle = curl_easy_init() else { throw .transport("libcurl could not make a handle") }
        defer { curl_easy_cleanup(handle) }
        let errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE) + 1)
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
        defer { errorBuffer.deallocate() }
        let sink = TransferSink(limit: request.maxResponseBytes)
        var headerList: UnsafeMutablePointer<curl_slist>?
        defer { curl_slist_free_all(headerList) }

        var setup = CURLE_OK
        func set(_ code: CURLcode) { if setup == CURLE_OK { setup = code } }
        set(ccurl_setopt_pointer(handle, CURLOPT_ERRORBUFFER, errorBuffer))
        set(ccurl_setopt_long(handle, CURLOPT_NOSIGNAL, 1))
        set(ccurl_setopt_long(handle, CURLOPT_FOLLOWLOCATION, 0))
        set(ccurl_setopt_pointer(handle, CURLOPT_PROTOCOLS_STR, "http,https"))
        set(ccurl_setopt_pointer(handle, CURLOPT_URL, request.url))
        set(ccurl_setopt_long(handle, CURLOPT_TIMEOUT_MS, request.timeout.curlMilliseconds))
        set(ccurl_setopt_long(handle, CURLOPT_CONNECTTIMEOUT_MS, request.connectTimeout.curlMilliseconds))
        if request.maxResponseBytes > 0 {
            // An announced length over the limit is refused before any of the body is read.
            set(ccurl_setopt_offset(handle, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(request.maxResponseBytes)))
        }
        if let caFile {
            set(ccurl_setopt_pointer(handle, CURLOPT_CAINFO, caFile))
            set(ccurl_setopt_pointer(handle, CURLOPT_CAPATH, nil))
        }
        let context = Unmanaged.passUnretained(sink).toOpaque()
        set(ccurl_setopt_callback(handle, CURLOPT_WRITEFUNCTION, writeBody))
        set(ccurl_setopt_pointer(handle, CURLOPT_WRITEDATA, context))
        set(ccurl_setopt_callback(handle, CURLOPT_HEADERFUNCTION, readHeader))
        set(ccurl_setopt_pointer(handle, CURLOPT_HEADERDATA, context))

        switch request.method {
        case "GET":
            set(ccurl_setopt_long(handle, CURLOPT_HTTPGET, 1))
        case "HEAD":
            set(ccurl_setopt_long(handle, CURLOPT_NOBODY, 1))
        default:
            if request.method == "POST" || !request.body.isEmpty {
                set(ccurl_setopt_offset(handle, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(request.body.count)))
                // Copied by libcurl: the array need not outlive this call.
                set(request.body.withUnsafeBytes { ccurl_setopt_pointer(handle, CURLOPT_COPYPOSTFIELDS, $0.baseAddress ?? UnsafeRawPointer(bitPattern: 1)) })
            }
            if request.method != "POST" {
                set(ccurl_setopt_pointer(handle, CURLOPT_CUSTOMREQUEST, request.method))
            }
        }
        // No "Expect: 100-continue" round trip for larger bodies.
        var lines = ["Expect:"]
        for header in request.headers {
            // "Name:" would remove a header libcurl adds; "Name;" sends it empty.
            lines.append(header.value.isEmpty ? "\(header.name);" : "\(header.name): \(header.value)")
        }
        for line in lines {
            guard let appended = curl_slist_append(headerList, line) else { throw .transport("out of memory") }
            headerList = appended
        }
        set(ccurl_setopt_pointer(handle, CURLOPT_HTTPHEADER, headerList))
        guard setup == CURLE_OK else { throw Self.error(setup, errorBuffer, sink, request) }

        let result = curl_easy_perform(handle)
        guard result == CURLE_OK else { throw Self.error(result, errorBuffer, sink, request) }
        var status = 0
        _ = ccurl_response_code(handle, &status)
        return HTTPResponse(status: status, headers: sink.headers, body: sink.body)
    }

    private static func error(_ code: CURLcode, _ buffer: UnsafeMutablePointer<CChar>, _ sink: TransferSink,
                              _ request: HTTPRequest) -> HTTPClientError {
        var message = String(cString: buffer)
        if message.isEmpty { message = String(cString: curl_easy_strerror(code)) }
        message = String(message.map { $0.isNewline ? " " : $0 }).trimmingCharacters(in: " ")
        switch code {
        case CURLE_OPERATION_TIMEDOUT:
            return .timedOut
        case CURLE_FILESIZE_EXCEEDED:
            return .responseTooLarge(limit: request.maxResponseBytes)
        case CURLE_WRITE_ERROR where sink.tooLarge:
            return .responseTooLarge(limit: request.maxResponseBytes)
        case CURLE_UNSUPPORTED_PROTOCOL, CURLE_URL_MALFORMAT:
            return .invalidURL(message)
        default:
            return .transport(message)
        }
    }
}

private extension String {
    func trimmingCharacters(in character: Character) -> String {
        var slice = self[...]
        while slice.first == character { slice = slice.dropFirst() }
        while slice.last == character { slice = slice.dropLast() }
        return String(slice)
    }
}
