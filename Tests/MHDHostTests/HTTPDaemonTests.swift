import Foundation
import MHDHost
import Testing

/// Connects `handle` to 127.0.0.1:`port`; whether it connected.
func connectLoopback(_ handle: Int32, port: UInt16) -> Bool {
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    return withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            Glibc.connect(handle, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
        }
    }
}

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
        try #require(connectLoopback(handle, port: port), "connect to 127.0.0.1:\(port)")
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

    /// A path's own body limit is decided from the head: `/big` keeps 40 bytes that every other
    /// path refuses, and a chunked body (no Content-Length to refuse early) is held to the same
    /// per-path limit as it arrives.
    @Test func aPathsOwnBodyLimitAppliesOnlyToIt() throws {
        let seen = Seen()
        var limits = HTTPLimits()
        limits.maxBody = 16
        limits.maxBodyByPath = ["/big": 64]
        let daemon = try HTTPDaemon(.init(host: "127.0.0.1", port: 0, threads: 1, limits: limits)) { request in
            seen.add(request)
            return HTTPResponse(status: 200)
        }
        defer { daemon.stop() }
        let forty = String(repeating: "z", count: 40)
        for path in ["/big", "/small"] {
            _ = try exchange(daemon.port, "POST \(path) HTTP/1.1\r\nHost: x\r\nContent-Length: 40\r\nConnection: close\r\n\r\n" + forty)
        }
        let chunk = String(repeating: "c", count: 50)
        for path in ["/big?timeout=10s", "/big"] {
            let body = path == "/big" ? chunk + chunk : chunk
            let sized = String(body.utf8.count, radix: 16)
            _ = try exchange(daemon.port, "POST \(path) HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n"
                                 + sized + "\r\n" + body + "\r\n0\r\n\r\n")
        }
        let requests = seen.all
        let big = requests.filter { $0.path == "/big" }
        #expect(big.count == 3)
        #expect(big.contains { $0.body == Array(forty.utf8) && !$0.bodyTooLarge })
        #expect(big.contains { $0.body == Array(chunk.utf8) && $0.query.first?.name == "timeout" })
        #expect(big.contains { $0.bodyTooLarge && $0.body.isEmpty })
        #expect(requests.first { $0.path == "/small" }?.bodyTooLarge == true)
    }

    @Test func aPortInUseIsAnError() throws {
        let first = try HTTPDaemon(.init(host: "127.0.0.1", port: 0, threads: 1)) { _ in HTTPResponse(status: 200) }
        defer { first.stop() }
        #expect(throws: HTTPDaemonError.self) {
            _ = try HTTPDaemon(.init(host: "127.0.0.1", port: first.port, threads: 1)) { _ in HTTPResponse(status: 200) }
        }
    }
}

/// Stopping while clients keep connecting: libmicrohttpd 0.9.75's own way to stop listening
/// (`MHD_quiesce_daemon`) races with its epoll workers, which remove the same listening socket
/// from their epoll sets; the loser of that race aborts the process. Every cycle here stops a
/// daemon whose polling threads are busy with fresh connections; the process must survive
/// every one, and `stopAccepting` must stop the socket listening at once.
@Suite struct HTTPDaemonStopTests {
    @Test func stoppingWhileClientsConnectNeverAbortsAndRefusesNewConnectionsAtOnce() throws {
        for _ in 0..<1000 {
            let daemon = try HTTPDaemon(.init(host: "127.0.0.1", port: 0, threads: 4)) { _ in HTTPResponse(status: 204) }
            let port = daemon.port
            let listener = try #require(Churn.listeningInodes(port: port).first, "no listening socket on \(port)")
            let churning = Churn()
            let churner = Thread { churning.run(port: port) }
            churner.start()
            while churning.connects < 20 { usleep(200) }
            daemon.stopAccepting()
            churning.stop()
            // It stopped listening at once: its socket is out of the kernel's listening table
            // and a connect is refused.
            #expect(Churn.listening(inode: listener) == false, "the listening socket still listens after stopAccepting")
            #expect(Churn.connectOnce(port: port) == false, "a connection was accepted after stopAccepting")
            daemon.stop()
        }
    }

    /// Connects and closes in a loop until stopped.
    final class Churn: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        private var stopped = false
        private let finished = DispatchSemaphore(value: 0)

        var connects: Int { lock.withLock { count } }

        func run(port: UInt16) {
            while !lock.withLock({ stopped }) {
                if Churn.connectOnce(port: port) { lock.withLock { count += 1 } }
            }
            finished.signal()
        }

        func stop() {
            lock.withLock { stopped = true }
            finished.wait()
        }

        /// The listening TCP sockets, as (local address, inode) from /proc/net/tcp: the local
        /// address in hex (`0100007F:PORT`), state 0A, the inode in the tenth column.
        static func listeners() -> [(local: Substring, inode: Substring)] {
            let table = (try? String(contentsOfFile: "/proc/net/tcp", encoding: .utf8)) ?? ""
            return table.split(separator: "\n").compactMap { line in
                let columns = line.split(separator: " ")
                return columns.count > 9 && columns[3] == "0A" ? (columns[1], columns[9]) : nil
            }
        }

        /// The inodes of the sockets listening on 127.0.0.1:`port`.
        static func listeningInodes(port: UInt16) -> [String] {
            let local = String(format: "0100007F:%04X", port)
            return listeners().filter { $0.local == local }.map { String($0.inode) }
        }

        /// Whether the socket with that inode is listening.
        static func listening(inode: String) -> Bool { listeners().contains { $0.inode == inode } }

        /// Whether a listening socket took a connection to the port (closed again at once).
        /// TCP's simultaneous open lets a socket connect to itself when the kernel hands it the
        /// (now free) port as its own: nobody listens there, so that one does not count.
        static func connectOnce(port: UInt16) -> Bool {
            let handle = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            defer { close(handle) }
            guard connectLoopback(handle, port: port) else { return false }
            var local = sockaddr_in()
            var size = socklen_t(MemoryLayout<sockaddr_in>.size)
            _ = withUnsafeMutablePointer(to: &local) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(handle, $0, &size) }
            }
            return UInt16(bigEndian: local.sin_port) != port
        }
    }
}
