import CalendarData
import CalPolicyRequests
import CalendarCore
import Foundation
import Glibc
import MHDHost
import PolicyEngine
import Rendering

/// What a request learned on its way, for the access and decision logs.
final class RequestNote: @unchecked Sendable {
    var stack: String?
    var version: String?
    /// `--bundle`: the revision of the version that answered.
    var revision: String?
    var today: String?
    var failure: Router.Failure?
    /// The decision's answer for its log line (`DecisionRecordRenderer.gateAnswer` or
    /// `documentAnswer`, written as JSON), kept in the cache entry so a hit logs the same answer.
    var answer: [UInt8]?
    /// The context, instant and zone the policies saw (the decision log's question).
    var context: DecisionContext?
    var instant: Int64?
    var zone: ZoneWallTime?
    /// `/v1/admit`: the review's uid, operation, object, whether a dry run, and the answer.
    var admission: JSONValue?
}

/// Request ids: a random prefix per process and a counter, so ids from two runs do not collide.
final class RequestIDs: @unchecked Sendable {
    private let lock = NSLock()
    private var counter: UInt64 = 0
    private let prefix: String

    /// `counter`: the number the last id took (a test starts near a digit more).
    init(counter: UInt64 = 0) {
        self.counter = counter
        let random = UInt32.random(in: 0...UInt32.max)
        prefix = String(random, radix: 16).leftPadded(8)
    }

    /// `prefix-` and the counter in lowercase hex, at least six digits: what
    /// `prefix + "-" + String(number, radix: 16).leftPadded(6)` writes, in one buffer (every
    /// request takes an id; the radix conversion, the padding and the joins made four strings).
    func next() -> String {
        let number = lock.withLock { counter += 1; return counter }
        var digits = 6
        while digits < 16 && number >> (4 * UInt64(digits)) != 0 { digits += 1 }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(prefix.utf8.count + 1 + digits)
        bytes.append(contentsOf: prefix.utf8)
        bytes.append(UInt8(ascii: "-"))
        for index in stride(from: digits - 1, through: 0, by: -1) {
            let nibble = UInt8(truncatingIfNeeded: number >> (4 * UInt64(index))) & 0xF
            bytes.append(nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10)
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// What goes into a log line's JSON, built as `JSONValue` and written by Rendering's one JSON
/// writer (`JSONWriter.appendInline`). Untrusted text is escaped by `TerminalText` first, so a
/// line in a JSON log holds no C1, U+2028/2029 or bidi character either.
enum LogJSON {
    static func text(_ value: String) -> JSONValue { .string(TerminalText.escape(value)) }
    static func optional(_ value: String?) -> JSONValue { value.map(text) ?? .null }

    static func query(_ pairs: [(name: String, value: String)]) -> JSONValue {
        .object(pairs.map { (TerminalText.escape($0.name), text($0.value)) })
    }

    static func line(_ fields: [(String, JSONValue)]) -> String {
        var out = ""
        JSONWriter.appendInline(.object(fields), to: &out)
        return out
    }

    /// A request body: itself (keys sorted) when it is JSON, else a string, else null.
    static func body(_ bytes: [UInt8]) -> JSONValue {
        if bytes.isEmpty { return .null }
        if let value = try? JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed]) {
            return converted(value, depth: 0)
        }
        return text(String(decoding: bytes, as: UTF8.self))
    }

    /// Foundation's JSON as `JSONValue`; a number that is not an integer is kept as its text.
    private static func converted(_ value: Any, depth: Int) -> JSONValue {
        guard depth < 32 else { return .string("...") }
        switch value {
        case let text as String: return Self.text(text)
        case let number as NSNumber:
            if String(cString: number.objCType) == "c" { return .bool(number.boolValue) }
            let double = number.doubleValue
            if double == double.rounded(), abs(double) < 9e15 { return .int(number.intValue) }
            return .string(number.stringValue)
        case let array as [Any]: return .array(array.map { converted($0, depth: depth + 1) })
        case let object as [String: Any]:
            return .object(object.keys.sorted().map { (TerminalText.escape($0), converted(object[$0]!, depth: depth + 1)) })
        default: return .null
        }
    }
}

/// `--decision-log FILE`: one JSON line per decision request, for audits, through a
/// `LogSink` (a full or stalled file drops and counts, never blocks). SIGHUP reopens it (log
/// rotation). `--decision-log-url URL`: the same lines shipped by a `DecisionShipper`, with or
/// without the file.
final class DecisionLog: @unchecked Sendable {
    private let path: String?
    let sink: LogSink?
    let shipper: DecisionShipper?
    /// `--decision-log-required`: refuse decisions (503) rather than answer unaudited.
    let required: Bool
    /// `--decision-log-mask`: context keys the lines hold only hashed.
    let mask: DecisionMask

    init(path: String?, shipper: DecisionShipper? = nil, required: Bool = false, mask: DecisionMask = DecisionMask(),
         capacityLines: Int = 4096) throws(HTTPDaemonError) {
        self.path = path
        self.shipper = shipper
        self.required = required
        self.mask = mask
        if let path {
            sink = LogSink(name: "decision", fd: try Self.open(path), capacityLines: capacityLines)
            sink?.notices = AccessLog.requests
        } else {
            sink = nil
        }
        shipper?.notices = AccessLog.requests
    }

    /// Opens `path` again (after a rotation moved it away); on failure the old file stays.
    func reopen() throws(HTTPDaemonError) {
        guard let path, let sink else { return }
        sink.replace(fd: try Self.open(path))
    }

    /// The file takes lines (`--decision-log-required` is about the file; the URL's losses are counted).
    var healthy: Bool { sink?.healthy ?? true }

    /// Waits for the file's writer and the shipper, at most `seconds` each (a stopping server, tests).
    func flush(within seconds: Double) {
        sink?.flush(within: seconds)
        shipper?.flush(within: seconds)
    }

    /// Opened without blocking: a FIFO with no reader would hold the start (or a reopen) forever;
    /// then writes block again, on the sink's own writer thread, never a request's.
    private static func open(_ path: String) throws(HTTPDaemonError) -> Int32 {
        let fd = Glibc.open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC | O_NONBLOCK, 0o640)
        guard fd >= 0 else {
            if errno == ENXIO { throw HTTPDaemonError("\(path): a FIFO with no reader (start its reader first)") }
            throw HTTPDaemonError("\(path): cannot open for appending: \(String(cString: strerror(errno)))")
        }
        let flags = fcntl(fd, F_GETFL)
        if flags >= 0 { _ = fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) }
        var info = stat()
        if fstat(fd, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR {
            close(fd)
            throw HTTPDaemonError("\(path): is a directory")
        }
        return fd
    }

    /// Queues a line to the file and the URL; false when the file dropped it (with the URL
    /// alone: when the URL's buffer did). The X-Decision-Id header follows this.
    func append(_ line: String) -> Bool {
        let shipped = shipper?.append(line)
        guard let sink else { return shipped ?? false }
        return sink.append(line)
    }

    /// `append(_:)` of a line's UTF-8 bytes (no newline) written in place (`ThreadScratch.write`):
    /// the file's buffer takes them as they are; a String is made only for the URL's shipper.
    func append(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        let shipped = shipper.map { $0.append(String(decoding: line, as: UTF8.self)) }
        guard let sink else { return shipped ?? false }
        return sink.append(line)
    }
}

/// `--cors-origin`: browser calls from that one origin.
struct CORSPolicy: Sendable {
    let origin: String?
    static let methods = "GET, HEAD, POST, OPTIONS"
    static let allowedHeaders = "Authorization, Content-Type, If-None-Match"
    static let exposed = "ETag, X-Policy-Version, X-Policy-Revision, X-Policy-Stack, X-Request-Id, X-Decision-Id"

    private func allowed(_ request: HTTPRequest) -> String? {
        guard let origin, let asked = request.header("origin") else { return nil }
        if origin == "*" { return "*" }
        return asked == origin ? origin : nil
    }

    /// The answer to an `OPTIONS` preflight on a known route (nil: CORS is off, or not OPTIONS).
    func preflight(_ request: HTTPRequest, knownRoute: Bool) -> HTTPResponse? {
        guard origin != nil, request.method == "OPTIONS", knownRoute else { return nil }
        var headers: [(name: String, value: String)] = [("Allow", Self.methods)]
        if let allowed = allowed(request) {
            headers += [("Access-Control-Allow-Origin", allowed), ("Access-Control-Allow-Methods", Self.methods),
                        ("Access-Control-Allow-Headers", Self.allowedHeaders), ("Access-Control-Max-Age", "600")]
        }
        return HTTPResponse(status: 204, headers: headers)
    }

    /// A preflight's answer already names the origin: a second Access-Control-Allow-Origin
    /// would make the browser refuse the call.
    func decorate(_ response: inout HTTPResponse, _ request: HTTPRequest) {
        guard origin != nil else { return }
        if origin != "*" { response.headers.append(("Vary", "Origin")) }
        guard let allowed = allowed(request),
              !response.headers.contains(where: { $0.name == "Access-Control-Allow-Origin" }) else { return }
        response.headers.append(("Access-Control-Allow-Origin", allowed))
        if request.method != "OPTIONS" { response.headers.append(("Access-Control-Expose-Headers", Self.exposed)) }
    }
}
