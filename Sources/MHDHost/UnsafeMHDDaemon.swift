import CMicroHTTPD
import Foundation
import Glibc

/// An HTTP server on libmicrohttpd: the only Swift code that touches its pointers.
///
/// The socket is bound here (loopback unless told otherwise) and handed to MHD, which runs
/// its own polling threads (`MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_EPOLL` with a thread
/// pool, or a thread per connection). The handler is called on those threads, once per
/// request, on MHD's second call for it (after the headers and the whole body), so
/// keep-alive connections stay open. C callbacks cannot capture: the handler travels in a
/// retained `DaemonContext` passed as the callback's `cls`, released after `MHD_stop_daemon`.
public final class HTTPDaemon: @unchecked Sendable {
    public struct Configuration: Sendable {
        /// An IPv4 or IPv6 literal.
        public var host: String
        public var port: UInt16
        /// Polling threads; 0 asks for a thread per connection.
        public var threads: Int
        /// Largest request body kept; a longer one is drained and marked `bodyTooLarge`.
        public var maxBody: Int
        /// Seconds an idle connection is kept.
        public var connectionTimeout: Int

        public init(host: String = "127.0.0.1", port: UInt16 = 8080, threads: Int = 2, maxBody: Int = 64 << 10,
                    connectionTimeout: Int = 30) {
            self.host = host
            self.port = port
            self.threads = threads
            self.maxBody = maxBody
            self.connectionTimeout = connectionTimeout
        }
    }

    public typealias Handler = @Sendable (HTTPRequest) -> HTTPResponse

    /// The port bound (the one chosen by the system when 0 was asked).
    public let port: UInt16
    private var daemon: OpaquePointer?
    private let context: Unmanaged<DaemonContext>
    private var listenSocket: Int32

    public init(_ configuration: Configuration, handler: @escaping Handler) throws(HTTPDaemonError) {
        let (fd, port) = try Self.bind(host: configuration.host, port: configuration.port)
        self.listenSocket = fd
        self.port = port
        let context = Unmanaged.passRetained(DaemonContext(handler: handler, maxBody: configuration.maxBody))
        self.context = context

        var flags = MHD_USE_INTERNAL_POLLING_THREAD.rawValue | MHD_USE_ITC.rawValue
        var options: [CVarArg] = [
            Int32(MHD_OPTION.LISTEN_SOCKET.rawValue), fd,
            Int32(MHD_OPTION.NOTIFY_COMPLETED.rawValue), unsafeBitCast(requestCompleted, to: OpaquePointer.self),
            OpaquePointer(context.toOpaque()),
            Int32(MHD_OPTION.CONNECTION_TIMEOUT.rawValue), UInt32(configuration.connectionTimeout),
            Int32(MHD_OPTION.CONNECTION_LIMIT.rawValue), UInt32(1024),
        ]
        if configuration.threads > 0 {
            flags |= MHD_USE_EPOLL.rawValue
            options += [Int32(MHD_OPTION.THREAD_POOL_SIZE.rawValue), UInt32(configuration.threads)]
        } else {
            flags |= MHD_USE_THREAD_PER_CONNECTION.rawValue | MHD_USE_POLL.rawValue
        }
        options.append(Int32(MHD_OPTION.END.rawValue))
        let started = withVaList(options) { list in
            MHD_start_daemon_va(UInt32(flags), 0, nil, nil, accessHandler, context.toOpaque(), list)
        }
        guard let started else {
            context.release()
            close(fd)
            throw HTTPDaemonError("libmicrohttpd could not start the daemon on \(configuration.host):\(port)")
        }
        daemon = started
    }

    /// Stops accepting connections (requests on open connections still finish).
    public func stopAccepting() {
        guard let daemon, listenSocket >= 0 else { return }
        let fd = MHD_quiesce_daemon(daemon)
        if fd >= 0 { close(fd) }
        listenSocket = -1
    }

    /// Requests whose headers have arrived and whose answer has not been sent yet.
    public var activeRequests: Int { context.takeUnretainedValue().active }

    /// Stops every thread and closes every connection; the handler is released after.
    public func stop() {
        guard let daemon else { return }
        MHD_stop_daemon(daemon)
        self.daemon = nil
        if listenSocket >= 0 { close(listenSocket); listenSocket = -1 }
        context.release()
    }

    // MARK: binding

    private static func bind(host: String, port: UInt16) throws(HTTPDaemonError) -> (Int32, UInt16) {
        var v4 = in_addr()
        var v6 = in6_addr()
        let family: Int32
        if inet_pton(AF_INET, host, &v4) == 1 {
            family = AF_INET
        } else if inet_pton(AF_INET6, host, &v6) == 1 {
            family = AF_INET6
        } else {
            throw HTTPDaemonError("'\(host)' is not an IPv4 or IPv6 address")
        }
        let fd = socket(family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw HTTPDaemonError("socket: \(String(cString: strerror(errno)))") }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var result: Int32
        if family == AF_INET {
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = port.bigEndian
            address.sin_addr = v4
            result = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    Glibc.bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
        } else {
            var address = sockaddr_in6()
            address.sin6_family = sa_family_t(AF_INET6)
            address.sin6_port = port.bigEndian
            address.sin6_addr = v6
            setsockopt(fd, Int32(IPPROTO_IPV6), IPV6_V6ONLY, &yes, socklen_t(MemoryLayout<Int32>.size))
            result = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    Glibc.bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in6>.size))
                }
            }
        }
        if result != 0 || listen(fd, 1024) != 0 {
            let message = String(cString: strerror(errno))
            close(fd)
            throw HTTPDaemonError("cannot listen on \(host):\(port): \(message)")
        }
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        _ = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        let bound: UInt16 = withUnsafePointer(to: &storage) { pointer in
            family == AF_INET
                ? pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { UInt16(bigEndian: $0.pointee.sin_port) }
                : pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { UInt16(bigEndian: $0.pointee.sin6_port) }
        }
        return (fd, bound)
    }
}

/// What the C callbacks reach through `cls`.
final class DaemonContext: @unchecked Sendable {
    let handler: HTTPDaemon.Handler
    let maxBody: Int
    private let lock = NSLock()
    private var count = 0
    var active: Int { lock.withLock { count } }
    func began() { lock.withLock { count += 1 } }
    func ended() { lock.withLock { count -= 1 } }
    init(handler: @escaping HTTPDaemon.Handler, maxBody: Int) {
        self.handler = handler
        self.maxBody = maxBody
    }
}

/// One request in progress: its body so far. Retained in MHD's per-request slot from the
/// first call until `requestCompleted`.
final class RequestState {
    var body: [UInt8] = []
    var tooLarge = false
    /// A response is queued (for a body announced too large, before the body): the rest is dropped.
    var answered = false
}

/// Collects name/value pairs from `MHD_get_connection_values`.
final class ValueCollector {
    var pairs: [(name: String, value: String)] = []
}

private let collectValue: MHD_KeyValueIterator = { cls, _, key, value in
    guard let cls, let key else { return .YES }
    let collector = Unmanaged<ValueCollector>.fromOpaque(cls).takeUnretainedValue()
    collector.pairs.append((String(cString: key), value.map { String(cString: $0) } ?? ""))
    return .YES
}

private func values(_ connection: OpaquePointer, kind: MHD_ValueKind) -> [(name: String, value: String)] {
    let collector = ValueCollector()
    withExtendedLifetime(collector) {
        _ = MHD_get_connection_values(connection, kind, collectValue, Unmanaged.passUnretained(collector).toOpaque())
    }
    return collector.pairs
}

private let requestCompleted: MHD_RequestCompletedCallback = { cls, _, slot, _ in
    guard let slot, let state = slot.pointee else { return }
    Unmanaged<RequestState>.fromOpaque(state).release()
    slot.pointee = nil
    if let cls { Unmanaged<DaemonContext>.fromOpaque(cls).takeUnretainedValue().ended() }
}

private func clientAddress(_ connection: OpaquePointer) -> String? {
    var buffer = [CChar](repeating: 0, count: 64)
    guard cmhd_client_address(connection, &buffer, socklen_t(buffer.count)) == 0 else { return nil }
    return String(cString: buffer)
}

private let accessHandler: MHD_AccessHandlerCallback = { cls, connection, url, method, _, upload, uploadSize, slot in
    guard let cls, let connection, let slot, let uploadSize else { return .NO }
    let context = Unmanaged<DaemonContext>.fromOpaque(cls).takeUnretainedValue()
    let state: RequestState
    if let stored = slot.pointee {
        state = Unmanaged<RequestState>.fromOpaque(stored).takeUnretainedValue()
    } else {
        // First call: headers only. Answering now would close a keep-alive connection, so only
        // a body announced as too large is answered at once (without reading it).
        let fresh = RequestState()
        slot.pointee = Unmanaged.passRetained(fresh).toOpaque()
        context.began()
        guard let length = MHD_lookup_connection_value(connection, .HEADER_KIND, "Content-Length")
                .flatMap({ Int(String(cString: $0)) }), length > context.maxBody else { return .YES }
        fresh.tooLarge = true
        state = fresh
    }
    if state.answered {
        uploadSize.pointee = 0
        return .YES
    }
    if uploadSize.pointee > 0 {
        let size = uploadSize.pointee
        if !state.tooLarge, let upload {
            if state.body.count + size > context.maxBody {
                state.tooLarge = true
                state.body = []
            } else {
                upload.withMemoryRebound(to: UInt8.self, capacity: size) {
                    state.body.append(contentsOf: UnsafeBufferPointer(start: $0, count: size))
                }
            }
        }
        uploadSize.pointee = 0
        return .YES
    }
    var headers: [String: String] = [:]
    for pair in values(connection, kind: .HEADER_KIND) { headers[pair.name.lowercased()] = pair.value }
    let request = HTTPRequest(
        method: method.map { String(cString: $0) } ?? "GET",
        path: url.map { String(cString: $0) } ?? "/",
        query: values(connection, kind: .GET_ARGUMENT_KIND),
        headers: headers, body: state.body, bodyTooLarge: state.tooLarge, clientAddress: clientAddress(connection))
    state.answered = true
    let answer = context.handler(request)
    let response = answer.body.withUnsafeBytes { bytes in
        MHD_create_response_from_buffer(bytes.count, UnsafeMutableRawPointer(mutating: bytes.baseAddress),
                                        .RESPMEM_MUST_COPY)
    }
    guard let response else { return .NO }
    for header in answer.headers { _ = MHD_add_response_header(response, header.name, header.value) }
    let queued = MHD_queue_response(connection, UInt32(answer.status), response)
    MHD_destroy_response(response)
    return queued
}
