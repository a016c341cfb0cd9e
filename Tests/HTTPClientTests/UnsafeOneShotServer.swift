import Foundation
import Glibc

/// A listening socket on 127.0.0.1 that answers each connection with what `respond` makes of the
/// request's head and body, then closes: enough to hold the client to short bodies, slow answers
/// and framing a real server would not produce. Serves `connections` connections, then stops.
final class OneShotServer: @unchecked Sendable {
    let port: UInt16
    private let listener: Int32
    private let done = DispatchSemaphore(value: 0)
    private(set) var requests: [String] = []
    private let lock = NSLock()

    init(connections: Int = 1, respond: @escaping @Sendable (String) -> (bytes: [UInt8], delay: Double)) throws {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        self.listener = listener
        var yes: Int32 = 1
        setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(listener, 8) == 0 else { throw POSIXError(.EADDRINUSE) }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
        }
        port = UInt16(bigEndian: address.sin_port)
        Thread.detachNewThread { [self] in
            for _ in 0..<connections {
                let connection = accept(listener, nil, nil)
                if connection < 0 { break }
                let request = Self.readRequest(connection)
                lock.withLock { requests.append(request) }
                let (bytes, delay) = respond(request)
                if delay > 0 { Thread.sleep(forTimeInterval: delay) }
                _ = bytes.withUnsafeBytes { send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                shutdown(connection, Int32(SHUT_WR))
                close(connection)
            }
            done.signal()
        }
    }

    var url: String { "http://127.0.0.1:\(port)" }

    var receivedRequests: [String] { lock.withLock { requests } }

    /// Reads the head and, when it announces one, the body.
    private static func readRequest(_ connection: Int32) -> String {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let text = String(decoding: received, as: UTF8.self)
            if let end = text.range(of: "\r\n\r\n") {
                let head = text[..<end.lowerBound].lowercased()
                let length = head.split(separator: "\r\n").first { $0.hasPrefix("content-length:") }
                    .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
                if text.utf8.distance(from: text.utf8.startIndex, to: end.upperBound) + length <= received.count {
                    return text
                }
            }
            let count = buffer.withUnsafeMutableBytes { recv(connection, $0.baseAddress, $0.count, 0) }
            if count <= 0 { return String(decoding: received, as: UTF8.self) }
            received += buffer[..<count]
        }
    }

    private var stopped = false

    /// Closes the listener once: a second close could close a descriptor another test's server
    /// has been given meanwhile (tests run in parallel).
    func stop() {
        let first = lock.withLock { () -> Bool in
            defer { stopped = true }
            return !stopped
        }
        guard first else { return }
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    deinit { stop() }

    static func response(_ status: String, headers: [String] = [], body: String) -> [UInt8] {
        var head = "HTTP/1.1 \(status)\r\n"
        for header in headers { head += header + "\r\n" }
        if !headers.contains(where: { $0.lowercased().hasPrefix("content-length") || $0.lowercased().hasPrefix("transfer-encoding") }) {
            head += "Content-Length: \(body.utf8.count)\r\n"
        }
        head += "Connection: close\r\n\r\n"
        return Array((head + body).utf8)
    }
}
