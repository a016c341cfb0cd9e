import Foundation
import MHDHost
import Testing

/// A real daemon, raw bytes: every obs-fold shape is a 400 that closes the connection (what
/// follows is never read as a request), and every request libmicrohttpd ends by itself still
/// reaches the handler, marked `unanswered`, so the access log has a line for it.
@Suite struct HTTPFramingTests {
    final class Seen: @unchecked Sendable {
        let lock = NSLock()
        var requests: [HTTPRequest] = []
        func add(_ request: HTTPRequest) { lock.withLock { requests.append(request) } }
        var all: [HTTPRequest] { lock.withLock { requests } }
    }

    /// Sends `bytes` on a fresh connection (then closes its sending side only when `halfClose`
    /// is false: never); returns what came back and whether the server closed within 3 s.
    func raw(_ port: UInt16, _ bytes: [UInt8], closeAfterSending: Bool = false) throws -> (answer: String, closed: Bool) {
        let handle = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(handle) }
        try #require(connectLoopback(handle, port: port))
        var timeout = timeval(tv_sec: 3, tv_usec: 0)
        setsockopt(handle, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        _ = bytes.withUnsafeBytes { send(handle, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        if closeAfterSending { return ("", true) }
        var answer: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(handle, $0.baseAddress, $0.count, 0) }
            if count == 0 { return (String(decoding: answer, as: UTF8.self), true) }
            if count < 0 { return (String(decoding: answer, as: UTF8.self), false) }
            answer += buffer[..<count]
        }
    }

    func daemon(_ seen: Seen) throws -> HTTPDaemon {
        // A short head deadline: a client that leaves mid-head is noticed by the sweeper at the latest.
        var limits = HTTPLimits()
        limits.headTimeout = 1
        return try HTTPDaemon(.init(host: "127.0.0.1", port: 0, threads: 1, limits: limits)) { request, responder in
            seen.add(request)
            if let rejection = request.rejection {
                responder.respond(HTTPResponse(status: rejection.status, body: Array(rejection.message.utf8), closeConnection: true))
            } else {
                responder.respond(HTTPResponse(status: 200, body: Array("served \(request.path)".utf8)))
            }
        }
    }

    static let smuggled = "GET /smuggled HTTP/1.1\r\nHost: x\r\n\r\n"

    /// A field continued on a following line, in every place and shape: before and after Host,
    /// on Content-Length and Host themselves, with a space or a tab, twice, empty.
    @Test(arguments: [
        "POST /a HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\n 0\r\n\r\n0123456789",
        "POST /a HTTP/1.1\r\nHost: x\r\nContent-Length:\r\n 10\r\n\r\n0123456789",
        "GET /a HTTP/1.1\r\nHost: x\r\nX-A: a\r\n\tb\r\n\r\n",
        "GET /a HTTP/1.1\r\nHost:\r\n x\r\n\r\n",
        "GET /a HTTP/1.1\r\nX-A: a\r\n b\r\nHost: x\r\n\r\n",
        "GET /a HTTP/1.1\r\nHost: x\r\nX-A: a\r\n b\r\n c\r\n\r\n",
        "GET /a HTTP/1.1\r\nHost: x\r\nX-A:\r\n \r\n\r\n",
        "GET /a HTTP/1.1\r\nHost: x\r\nX-A: a\r\n \t  b\r\nX-B: c\r\n\r\n",
        "GET /a HTTP/1.0\r\nX-A: a\r\n b\r\n\r\n",
        "GET /a HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n x\r\n\r\n0\r\n\r\n",
    ])
    func obsFoldIsA400ThatCloses(head: String) throws {
        let seen = Seen()
        let daemon = try daemon(seen)
        defer { daemon.stop() }
        let (answer, closed) = try raw(daemon.port, Array((head + Self.smuggled).utf8))
        #expect(answer.hasPrefix("HTTP/1.1 400") && answer.contains("obs-fold") && closed, "\(head.debugDescription): \(answer)")
        #expect(!answer.contains("served"), "\(head.debugDescription): \(answer)")
        #expect(!seen.all.contains { $0.path == "/smuggled" })
    }

    /// The same heads unfolded are served (the check looks at folding, not at the fields).
    @Test func unfoldedHeadsAreServed() throws {
        let seen = Seen()
        let daemon = try daemon(seen)
        defer { daemon.stop() }
        for head in ["GET /a HTTP/1.1\r\nHost: x\r\nX-A:    a   \r\nX-B:\r\nX-C:\tc\r\nConnection: close\r\n\r\n",
                     "GET /a HTTP/1.1\r\nHost:x\r\nX-Long: \(String(repeating: "y", count: 3000))\r\nConnection: close\r\n\r\n",
                     "POST /a HTTP/1.1\r\nHost: x\r\nContent-Length: 10\r\nConnection: close\r\n\r\n0123456789"] {
            let (answer, _) = try raw(daemon.port, Array(head.utf8))
            #expect(answer.hasPrefix("HTTP/1.1 200"), "\(head.debugDescription): \(answer)")
        }
    }

    /// A head that stops arriving, or a connection that sends nothing, is closed at the head
    /// deadline: its line says so, whether a request line had arrived or not.
    @Test func aHeadClosedAtItsDeadlineSaysSo() throws {
        let seen = Seen()
        let daemon = try daemon(seen)
        defer { daemon.stop() }
        for (path, bytes) in [("/slow", Array("GET /slow HTTP/1.1\r\nHost: x\r\n".utf8)), ("-", [UInt8]())] {
            let before = seen.all.count
            let (_, closed) = try raw(daemon.port, bytes)
            let deadline = Date().addingTimeInterval(3)
            while seen.all.count == before && Date() < deadline { usleep(10_000) }
            let new = seen.all.dropFirst(before)
            #expect(closed && new.count == 1 && new.first?.path == path
                    && new.first?.unanswered?.contains("--head-timeout") == true,
                    "\(path): \(new.map { ($0.path, $0.unanswered ?? "answered") })")
        }
    }

    /// Requests libmicrohttpd answers or drops itself: each reaches the handler once, marked.
    @Test func requestsLibmicrohttpdEndsReachTheHandlerMarked() throws {
        let seen = Seen()
        let daemon = try daemon(seen)
        defer { daemon.stop() }
        let cases: [(String, [UInt8], Bool)] = [
            ("/badlength", Array("POST /badlength HTTP/1.1\r\nHost: x\r\nContent-Length: +2\r\n\r\n{}".utf8), false),
            ("/huge", Array("GET /huge HTTP/1.1\r\nHost: x\r\nX-Big: \(String(repeating: "a", count: 100_000))\r\n\r\n".utf8), false),
            ("/badchunk", Array("POST /badchunk HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nZZ\r\n{}\r\n0\r\n\r\n".utf8), false),
            ("/left", Array("GET /left HTTP/1.1\r\nHost: x\r\n".utf8), true),
            ("-", Array("GARBAGE\r\n\r\n".utf8), false),
            ("-", Array("GET /v HTTP/3.7\r\nHost: x\r\n\r\n".utf8), false),
        ]
        for (path, bytes, leave) in cases {
            let before = seen.all.count
            _ = try raw(daemon.port, bytes, closeAfterSending: leave)
            let deadline = Date().addingTimeInterval(5)
            while seen.all.count == before && Date() < deadline { usleep(10_000) }
            let new = seen.all.dropFirst(before)
            #expect(new.count == 1 && new.first?.path == path && new.first?.unanswered != nil,
                    "\(path): \(new.map { ($0.path, $0.unanswered ?? "answered") })")
        }
    }
}
