import CalendarCore
import Foundation
import Glibc
import MHDHost
import Rendering

/// What a request learned on its way, for the access and decision logs.
final class RequestNote {
    var stack: String?
    var version: String?
    var today: String?
    var failure: Router.Failure?
}

/// Request ids: a random prefix per process and a counter, so ids from two runs do not collide.
final class RequestIDs: @unchecked Sendable {
    private let lock = NSLock()
    private var counter: UInt64 = 0
    private let prefix: String

    init() {
        let random = UInt32.random(in: 0...UInt32.max)
        prefix = String(random, radix: 16).leftPadded(8)
    }

    func next() -> String {
        let number = lock.withLock { counter += 1; return counter }
        return prefix + "-" + String(number, radix: 16).leftPadded(6)
    }
}

/// One-line JSON for the logs (the documents' writer pretty-prints documents, but its string
/// escaping is the one JSON escaper of the project).
enum JSONLine {
    static func quote(_ text: String) -> String {
        var out = ""
        JSONWriter.escape(text, into: &out)
        return out
    }

    /// `fields` are already-encoded JSON values.
    static func object(_ fields: [(String, String)]) -> String {
        "{" + fields.map { quote($0.0) + ":" + $0.1 }.joined(separator: ",") + "}"
    }

    static func optional(_ text: String?) -> String { text.map(quote) ?? "null" }

    static func query(_ pairs: [(name: String, value: String)]) -> String {
        object(pairs.map { ($0.name, quote($0.value)) })
    }

    /// A request body as JSON: itself (compacted) when it is JSON, else a string, else null.
    static func body(_ bytes: [UInt8]) -> String {
        if bytes.isEmpty { return "null" }
        if let value = try? JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed]),
           let data = try? JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed, .sortedKeys, .withoutEscapingSlashes]) {
            return String(decoding: data, as: UTF8.self)
        }
        return quote(String(decoding: bytes, as: UTF8.self))
    }

    static func timestamp(_ date: Date = Date()) -> String {
        let seconds = date.timeIntervalSince1970
        var whole = time_t(seconds.rounded(.down))
        let millis = Int((seconds - Double(whole)) * 1000)
        var parts = tm()
        gmtime_r(&whole, &parts)
        return String(format: "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1,
                      Int(parts.tm_mday), Int(parts.tm_hour), Int(parts.tm_min), Int(parts.tm_sec), millis)
    }
}

/// `--decision-log FILE`: one JSON line per decision request, appended and written through
/// (one `write` per line, no buffering), for audits. SIGHUP reopens it (log rotation).
final class DecisionLog: @unchecked Sendable {
    private var fd: Int32
    private let path: String
    private let lock = NSLock()

    init(path: String) throws(HTTPDaemonError) {
        self.path = path
        self.fd = try Self.open(path)
    }

    /// Opens `path` again (after a rotation moved it away); on failure the old file stays.
    func reopen() throws(HTTPDaemonError) {
        let fresh = try Self.open(path)
        let old = lock.withLock { () -> Int32 in
            let old = fd
            fd = fresh
            return old
        }
        close(old)
    }

    private static func open(_ path: String) throws(HTTPDaemonError) -> Int32 {
        let fd = Glibc.open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o640)
        guard fd >= 0 else { throw HTTPDaemonError("\(path): cannot open for appending: \(String(cString: strerror(errno)))") }
        var info = stat()
        if fstat(fd, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR {
            close(fd)
            throw HTTPDaemonError("\(path): is a directory")
        }
        return fd
    }

    func append(_ line: String) {
        var bytes = Array(line.utf8)
        bytes.append(0x0A)
        lock.withLock {
            bytes.withUnsafeBytes { buffer in
                var offset = 0
                while offset < buffer.count {
                    let written = write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                    if written <= 0 { if errno == EINTR { continue }; return }
                    offset += written
                }
            }
        }
    }
}

/// `--time-zone`: today is the current civil date in that zone.
struct ZoneClock: Sendable {
    let zone: TimeZone

    init(identifier: String) {
        zone = TimeZone(identifier: identifier) ?? TimeZone(secondsFromGMT: 0)!
    }

    func today() -> Day {
        let now = Date()
        var seconds = time_t(now.timeIntervalSince1970.rounded(.down)) + time_t(zone.secondsFromGMT(for: now))
        var parts = tm()
        guard gmtime_r(&seconds, &parts) != nil,
              let day = try? Day(year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday))
        else { return Day(dayNumber: Int(seconds) / 86_400) }
        return day
    }
}

/// `--cors-origin`: browser calls from that one origin.
struct CORSPolicy: Sendable {
    let origin: String?
    static let methods = "GET, HEAD, POST, OPTIONS"
    static let allowedHeaders = "Authorization, Content-Type, If-None-Match"
    static let exposed = "ETag, X-Policy-Version, X-Policy-Stack, X-Request-Id"

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

    func decorate(_ response: inout HTTPResponse, _ request: HTTPRequest) {
        guard origin != nil else { return }
        if origin != "*" { response.headers.append(("Vary", "Origin")) }
        guard let allowed = allowed(request) else { return }
        response.headers.append(("Access-Control-Allow-Origin", allowed))
        if request.method != "OPTIONS" { response.headers.append(("Access-Control-Expose-Headers", Self.exposed)) }
    }
}
