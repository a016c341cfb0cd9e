import CMicroHTTPD
import CTLSCredentials
import Foundation
import Glibc

/// An HTTP server on libmicrohttpd: with `UnsafeMHDCallbacks.swift`, the only Swift code that
/// touches its pointers.
///
/// The socket is bound here (loopback unless told otherwise) and handed to MHD, which polls
/// every connection with epoll on a small pool of threads (`MHD_USE_INTERNAL_POLLING_THREAD |
/// MHD_USE_EPOLL`); a thread per connection would give every trickling client a thread, and
/// MHD cannot suspend a connection in that mode. The handler is called on a polling thread
/// once per request, after the head and the whole body, and answers through an
/// `HTTPResponder`: at once (the answer is queued as the handler returns) or later from any
/// thread (the connection is suspended meanwhile, `MHD_ALLOW_SUSPEND_RESUME`, and resumed by
/// the answer), so slow work never holds a polling thread. `ConnectionTable` enforces the
/// connection limits and deadlines of `HTTPLimits`. C callbacks cannot capture: the handler
/// travels in a retained `DaemonContext` passed as the callback's `cls`, released after
/// `MHD_stop_daemon`.
public final class HTTPDaemon: @unchecked Sendable {
    public struct Configuration: Sendable {
        /// An IPv4 or IPv6 literal.
        public var host: String
        public var port: UInt16
        /// Polling threads (at least 1).
        public var threads: Int
        public var limits: HTTPLimits
        /// TLS (`--tls-cert`): the certificate is the one `TLSCertificate.install` last took;
        /// nil: plain HTTP.
        public var tls: TLSSettings?

        public init(host: String = "127.0.0.1", port: UInt16 = 8080, threads: Int = 2, limits: HTTPLimits = HTTPLimits(),
                    tls: TLSSettings? = nil) {
            (self.host, self.port, self.threads, self.limits, self.tls) = (host, port, threads, limits, tls)
        }
    }

    public typealias Handler = @Sendable (HTTPRequest, HTTPResponder) -> Void

    /// The port bound (the one chosen by the system when 0 was asked).
    public let port: UInt16
    private var daemon: OpaquePointer?
    private let context: Unmanaged<DaemonContext>
    private var listenSocket: Int32
    /// An eventfd that is never written: `stopAccepting` puts it under the listening socket's
    /// number. Made with the daemon, so stopping needs no new descriptor (a server out of
    /// descriptors must still be able to stop).
    private var placeholder: Int32
    private let sweeper: Sweeper
    /// The client CA's PEM as libmicrohttpd keeps a pointer to it (freed with the daemon).
    private var trust: UnsafeMutablePointer<CChar>?

    /// A daemon whose handler answers every request before it returns.
    public convenience init(_ configuration: Configuration,
                            handler: @escaping @Sendable (HTTPRequest) -> HTTPResponse) throws(HTTPDaemonError) {
        try self.init(configuration, responder: { request, responder in responder.respond(handler(request)) })
    }

    public init(_ configuration: Configuration, responder handler: @escaping Handler) throws(HTTPDaemonError) {
        _ = Self.panicHandler
        let (fd, port) = try Self.bind(host: configuration.host, port: configuration.port)
        let placeholder = cmhd_silent_descriptor()
        guard placeholder >= 0 else {
            let reason = String(cString: strerror(errno))
            close(fd)
            throw HTTPDaemonError("cannot make the descriptor a stopping daemon needs: \(reason)")
        }
        self.placeholder = placeholder
        self.listenSocket = fd
        self.port = port
        let limits = configuration.limits
        let table = ConnectionTable(limits: limits)
        let context = Unmanaged.passRetained(DaemonContext(handler: handler, limits: limits, table: table,
                                                           verifiesClients: configuration.tls?.clientCA != nil))
        self.context = context
        var flags = MHD_USE_INTERNAL_POLLING_THREAD.rawValue | MHD_USE_ITC.rawValue | MHD_USE_EPOLL.rawValue
            | MHD_ALLOW_SUSPEND_RESUME.rawValue
        // TLS 1.2 and 1.3 only; the certificate through the callback (rotation without a restart);
        // with a client CA, libmicrohttpd asks every client for a certificate (enforced per request).
        var tlsOptions: [CVarArg] = []
        var trustCopy: UnsafeMutablePointer<CChar>?
        if let tls = configuration.tls {
            flags |= MHD_USE_TLS.rawValue
            tlsOptions = [Int32(MHD_OPTION.HTTPS_CERT_CALLBACK.rawValue), OpaquePointer(ctc_retrieve_function()),
                          Int32(MHD_OPTION.HTTPS_PRIORITIES.rawValue), OpaquePointer(ctc_priorities())]
            if let ca = tls.clientCA, let copy = strdup(ca) {
                trustCopy = copy
                tlsOptions += [Int32(MHD_OPTION.HTTPS_MEM_TRUST.rawValue), OpaquePointer(copy)]
            }
        }
        let options: [CVarArg] = tlsOptions + [
            Int32(MHD_OPTION.LISTEN_SOCKET.rawValue), fd,
            Int32(MHD_OPTION.NOTIFY_COMPLETED.rawValue), unsafeBitCast(requestCompleted, to: OpaquePointer.self),
            OpaquePointer(context.toOpaque()),
            Int32(MHD_OPTION.NOTIFY_CONNECTION.rawValue), unsafeBitCast(connectionNotified, to: OpaquePointer.self),
            OpaquePointer(context.toOpaque()),
            Int32(MHD_OPTION.URI_LOG_CALLBACK.rawValue), unsafeBitCast(requestLineArrived, to: OpaquePointer.self),
            OpaquePointer(context.toOpaque()),
            // MHD's idle timeout only backs up the sweeper (which bounds the whole head and send).
            Int32(MHD_OPTION.CONNECTION_TIMEOUT.rawValue), UInt32(max(1, Int(limits.sendTimeout.rounded(.up)))),
            // The table keeps the count at `maxConnections` by eviction; MHD's own limit is a backstop.
            Int32(MHD_OPTION.CONNECTION_LIMIT.rawValue), UInt32(limits.maxConnections + 64),
            Int32(MHD_OPTION.CONNECTION_MEMORY_LIMIT.rawValue), Int(max(32 << 10, 4 * limits.maxHeaderBytes)),
            Int32(MHD_OPTION.THREAD_POOL_SIZE.rawValue), UInt32(max(1, configuration.threads)),
            Int32(MHD_OPTION.END.rawValue),
        ]
        let started = withVaList(options) { list in
            MHD_start_daemon_va(UInt32(flags), 0, nil, nil, accessHandler, context.toOpaque(), list)
        }
        guard let started else {
            context.release()
            close(fd)
            close(placeholder)
            free(trustCopy)
            throw HTTPDaemonError("libmicrohttpd could not start the daemon on \(configuration.host):\(port)")
        }
        daemon = started
        trust = trustCopy
        sweeper = Sweeper(table: table)
        let sweeper = self.sweeper
        Thread.detachNewThread { sweeper.loop() }
    }

    /// Stops accepting connections and closes those waiting for a request; requests being
    /// answered finish, and their connections close after the answer.
    ///
    /// Not `MHD_quiesce_daemon`: in libmicrohttpd 0.9.75 it races with its own epoll workers.
    /// It marks each worker quiesced, then removes the listening socket from that worker's
    /// epoll set; a worker that wakes in between removes it too, and whichever comes second
    /// gets `ENOENT`, which MHD answers by aborting the process ("Failed to remove listen FD
    /// from epoll set"): a server killed by SIGTERM about once in a thousand stops.
    ///
    /// Instead, two steps that need no help from MHD's threads:
    /// - `shutdown(2)` of the listening socket stops it listening at once: new connections
    ///   are refused, those waiting in the backlog are reset, and every polling thread wakes.
    /// - The never-written eventfd is `dup2`ed onto its number, so the socket's descriptor
    ///   closes and the kernel drops it from every epoll set. MHD keeps a descriptor that
    ///   never reports an event (an `accept` on it fails harmlessly) and that
    ///   `MHD_stop_daemon` closes.
    /// Closing alone is not enough: a polling thread inside `epoll_wait` may hold the last
    /// reference for a moment, and the kernel then finishes the close only when that thread
    /// next returns, which an idle server may not do until it stops, so the socket went on
    /// taking connections into its backlog.
    public func stopAccepting() {
        guard daemon != nil, listenSocket >= 0 else { return }
        let context = context.takeUnretainedValue()
        context.closing.set()
        shutdown(listenSocket, Int32(SHUT_RDWR))
        // dup2 fails only on a bad descriptor (neither is) or, rarely, EINTR or EBUSY: retried.
        while dup2(placeholder, listenSocket) < 0 && (errno == EINTR || errno == EBUSY) {}
        close(placeholder)
        placeholder = -1
        listenSocket = -1
        context.table.closeIdle()
    }

    /// Requests whose head has arrived and whose answer has not been sent yet.
    public var activeRequests: Int { context.takeUnretainedValue().active }

    /// Connections open now, and those each limit or deadline has closed so far.
    public var connections: (open: Int, closed: [String: Int]) {
        let table = context.takeUnretainedValue().table
        return (table.open, table.closed)
    }

    /// Answers every request still waiting for its handler's answer with `response` (a
    /// stopping server's 503), so no connection is cut without one.
    public func answerPending(with response: HTTPResponse) {
        for responder in context.takeUnretainedValue().pendingResponders() { responder.respond(response) }
    }

    /// Stops every thread and closes every connection; the handler is released after.
    /// Answer what is pending first (`answerPending`): MHD must not stop with a connection
    /// suspended.
    public func stop() {
        guard let daemon else { return }
        sweeper.stop()
        let context = context.takeUnretainedValue()
        context.markStopped()
        MHD_stop_daemon(daemon)
        self.daemon = nil
        free(trust)
        trust = nil
        if placeholder >= 0 {
            close(placeholder)
            placeholder = -1
        }
        // Not closed here: MHD_stop_daemon closes the descriptor under the listen socket's
        // number (the socket itself, or the eventfd `stopAccepting` put there). Closing it again closed whatever the
        // process had opened under the same number meanwhile (another daemon's socket, a
        // client's connection), which showed as a refused connect in a parallel test.
        listenSocket = -1
        self.context.release()
    }

    /// libmicrohttpd's last word before it aborts (an internal invariant broken): one line in
    /// the project's form instead of its own, so a log shows where a stop came from. MHD
    /// requires the handler not to return.
    private static let panicHandler: Void = {
        MHD_set_panic_func({ _, file, line, reason in
            let what = reason.map { String(cString: $0) }?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "internal error"
            let place = file.map { String(cString: $0) } ?? "?"
            let text = "calpolicy: libmicrohttpd: \(what) (\(place):\(line)); stopping the process\n"
            _ = text.withCString { write(2, $0, strlen($0)) }
            abort()
        }, nil)
    }()

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
        if result != 0 || listen(fd, 4096) != 0 {
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

/// Every 100 ms: connections past their head or send deadline are closed.
final class Sweeper: @unchecked Sendable {
    let table: ConnectionTable
    private let running = OnceFlag()
    init(table: ConnectionTable) { self.table = table }
    func stop() { running.set() }
    func loop() {
        while !running.isSet {
            usleep(100_000)
            table.sweep()
        }
    }
}
