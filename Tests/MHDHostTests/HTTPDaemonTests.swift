import Foundation
import MHDHost
import Testing

/// libmicrohttpd behind plain values: a real daemon on a free loopback port, spoken to over a
/// socket; the handler sees the request as values and its response goes out as written.
@Suite struct HTTPDaemonTests {
    /// One HTTP/1.1 exchange over a fresh connection; returns the raw response text.
    func exchange(_ port: UInt16, _ request: String) throws -> String {
        let handle = try connect(port)
        defer { close(handle) }
        let bytes = Array(request.utf8)
        _ = bytes.withUnsafeBytes { send(handle, $0.baseAddress, $0.count, 0) }
        var answer: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(handle, $0.baseAddress, $0.count, 0) }
            if count <= 0 { break }
            answer += buffer[..<count]
        }
        return String(decoding: answer, as: UTF8.self)
    }

    func connect(_ port: UInt16) throws -> Int32 {
        let handle = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let status = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(handle, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        try #require(status == 0, "connect to 127.0.0.1:\(port)")
        return handle
    }

    final class Seen: @unchecked Sendable {
        let lock = NSLock()
        var requests: [HTTPRequest] = []
        func add(_ request: HTTPRequest) { lock.withLock { requests.append(request) } }
        var all: [HTTPRequest] { lock.withLock { requests } }
    }

    @Test func aRequestArrivesAsValuesAndTheResponseGoesOutAsWritten() throws {
        let seen = Seen()
        let daemon = try HTTPDaemon(.init(host: "127.0.0.1", port: 0, threads: 1)) { request in
            seen.add(request)
            return HTTPResponse(status: 418, headers: [("Content-Type", "text/plain"), ("X-Test", "yes")],
                                body: Array("short and stout".utf8))
        }
        defer { daemon.stop() }
        #expect(daemon.port != 0)
        let answer = try exchange(daemon.port, "GET /v1/month?month=2026-12&locale=de_DE HTTP/1.1\r\nHost: x\r\n"
                                      + "X-Custom: One\r\nConnection: close\r\n\r\n")
        #expect(answer.hasPrefix("HTTP/1.1 418"))
        #expect(answer.contains("X-Test: yes"))
        #expect(answer.hasSuffix("short and stout"))
        let request = try #require(seen.all.first)
        #expect(request.method == "GET" && request.path == "/v1/month")
        #expect(request.query.map(\.name) == ["month", "locale"] && request.query.map(\.value) == ["2026-12", "de_DE"])
        #expect(request.header("X-Custom") == "One")
        #expect(request.clientAddress == "127.0.0.1")
    }

    @Test func aBodyIsReadWholeAndAnOversizedOneIsFlagged() throws {
        let seen = Seen()
        let daemon = try HTTPDaemon(.init(host: "127.0.0.1", port: 0, threads: 1, limits: { var limits = HTTPLimits(); limits.maxBody = 16; return limits }())) { request in
            seen.add(request)
            return HTTPResponse(status: 200)
        }
        defer { daemon.stop() }
        _ = try exchange(daemon.port, "POST /x HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nConnection: close\r\n\r\nhello")
        _ = try exchange(daemon.port, "POST /y HTTP/1.1\r\nHost: x\r\nContent-Length: 40\r\nConnection: close\r\n\r\n"
                             + String(repeating: "z", count: 40))
        let requests = seen.all
        #expect(requests.first { $0.path == "/x" }?.body == Array("hello".utf8))
        #expect(requests.first { $0.path == "/y" }?.bodyTooLarge == true)
    }

    @Test func aPortInUseIsAnError() throws {
        let first = try HTTPDaemon(.init(host: "127.0.0.1", port: 0, threads: 1)) { _ in HTTPResponse(status: 200) }
        defer { first.stop() }
        #expect(throws: HTTPDaemonError.self) {
            _ = try HTTPDaemon(.init(host: "127.0.0.1", port: first.port, threads: 1)) { _ in HTTPResponse(status: 200) }
        }
    }
}
