import CMicroHTTPD
import Foundation
import Glibc
import Synchronization

/// A flag set once from any thread.
final class OnceFlag: Sendable {
    private let value = Atomic<Bool>(false)
    func set() { value.store(true, ordering: .releasing) }
    var isSet: Bool { value.load(ordering: .acquiring) }
}

/// What the C callbacks reach through `cls`.
final class DaemonContext: @unchecked Sendable {
    let handler: HTTPDaemon.Handler
    let limits: HTTPLimits
    let table: ConnectionTable
    /// Mutual TLS (`--tls-client-ca`): a request from a client without a verified certificate
    /// is refused before any route sees it.
    let verifiesClients: Bool
    /// After `stopAccepting`: every answer closes its connection.
    let closing = OnceFlag()
    private let lock = NSLock()
    private var count = 0
    private var stopped = false
    private var pending: [ObjectIdentifier: HTTPResponder] = [:]

    init(handler: @escaping HTTPDaemon.Handler, limits: HTTPLimits, table: ConnectionTable, verifiesClients: Bool = false) {
        self.verifiesClients = verifiesClients
        self.handler = handler
        self.limits = limits
        self.table = table
    }

    var active: Int { lock.withLock { count } }
    func began() { lock.withLock { count += 1 } }
    func ended() { lock.withLock { count -= 1 } }
    func waiting(_ responder: HTTPResponder) { lock.withLock { pending[ObjectIdentifier(responder)] = responder } }
    func pendingResponders() -> [HTTPResponder] { lock.withLock { Array(pending.values) } }
    func markStopped() { lock.withLock { stopped = true } }

    /// Resumes a suspended connection unless the daemon is stopping (then MHD frees it).
    func resume(_ responder: HTTPResponder, _ connection: OpaquePointer) {
        lock.withLock {
            pending[ObjectIdentifier(responder)] = nil
            if !stopped { MHD_resume_connection(connection) }
        }
    }
}

/// The one way a handler answers a request, at once or later from any thread; the first
/// answer counts, later ones are ignored (a worker's answer after the stopping server's 503).
public final class HTTPResponder: @unchecked Sendable {
    private let lock = NSLock()
    private var ready: HTTPResponse?
    private var answered = false
    private var suspended = false
    private let connection: OpaquePointer?
    private let context: DaemonContext

    init(_ connection: OpaquePointer?, _ context: DaemonContext) {
        self.connection = connection
        self.context = context
    }

    public func respond(_ response: HTTPResponse) {
        lock.lock()
        defer { lock.unlock() }
        guard !answered, let connection else { return }
        answered = true
        ready = response
        if suspended {
            suspended = false
            context.resume(self, connection)
        }
    }

    /// On the polling thread, as the handler returns: the answer if there is one, else the
    /// connection is suspended until `respond` resumes it.
    func answerOrSuspend() -> HTTPResponse? {
        lock.lock()
        defer { lock.unlock() }
        if let ready { self.ready = nil; return ready }
        guard let connection else { return nil }
        context.waiting(self)
        MHD_suspend_connection(connection)
        suspended = true
        return nil
    }

    func take() -> HTTPResponse? { lock.withLock { defer { ready = nil }; return ready } }
}

/// One request in progress. Made when its request line arrives (the URI log callback, which
/// also gives the raw target before libmicrohttpd decodes it) and kept in MHD's per-request
/// slot until `requestCompleted`.
final class RequestState {
    let rawTarget: String
    var begun = false
    var body: [UInt8] = []
    var tooLarge = false
    /// This request's body limit (`HTTPLimits.maxBody(forPath:)`), set from the head.
    var maxBody = 0
    /// The head's fields as received, read once on the first call (`HeadCheck` and the request
    /// the handler gets both use them).
    var head: [(name: String, value: String)] = []
    var responder: HTTPResponder?
    init(rawTarget: String) { self.rawTarget = rawTarget }
}

/// Collects name/value pairs from `MHD_get_connection_values_n`, at their real lengths.
final class ValueCollector {
    var pairs: [(name: String, value: String)] = []
}

private let collectValue: MHD_KeyValueIteratorN = { cls, _, key, keySize, value, valueSize in
    guard let cls, let key else { return .YES }
    let collector = Unmanaged<ValueCollector>.fromOpaque(cls).takeUnretainedValue()
    func text(_ pointer: UnsafePointer<CChar>, _ size: Int) -> String {
        pointer.withMemoryRebound(to: UInt8.self, capacity: size) {
            String(decoding: UnsafeBufferPointer(start: $0, count: size), as: UTF8.self)
        }
    }
    collector.pairs.append((text(key, keySize), value.map { text($0, valueSize) } ?? ""))
    return .YES
}

private func values(_ connection: OpaquePointer, kind: MHD_ValueKind) -> [(name: String, value: String)] {
    let collector = ValueCollector()
    withExtendedLifetime(collector) {
        _ = MHD_get_connection_values_n(connection, kind, collectValue, Unmanaged.passUnretained(collector).toOpaque())
    }
    return collector.pairs
}

func record(_ connection: OpaquePointer) -> ConnectionTable.Record? {
    cmhd_socket_context(connection).map { Unmanaged<ConnectionTable.Record>.fromOpaque($0).takeUnretainedValue() }
}

private func clientAddress(_ connection: OpaquePointer) -> String? {
    var buffer = [CChar](repeating: 0, count: 64)
    guard cmhd_client_address(connection, &buffer, socklen_t(buffer.count)) == 0 else { return nil }
    return String(cString: buffer)
}

let connectionNotified: MHD_NotifyConnectionCallback = { cls, connection, socketContext, code in
    guard let cls, let connection, let socketContext else { return }
    let context = Unmanaged<DaemonContext>.fromOpaque(cls).takeUnretainedValue()
    if code.rawValue == 0 { // MHD_CONNECTION_NOTIFY_STARTED
        let record = context.table.admit(fd: cmhd_connection_fd(connection), client: clientAddress(connection) ?? "")
        socketContext.pointee = Unmanaged.passRetained(record).toOpaque()
    } else if let stored = socketContext.pointee {
        let record = Unmanaged<ConnectionTable.Record>.fromOpaque(stored)
        if record.takeUnretainedValue().requestLines == 0 {
            // No request line was accepted: nothing was sent, or libmicrohttpd refused the line
            // itself (malformed: 400, too long: 414, an unknown version: 505) and closed, or a
            // limit closed it first.
            let reason = context.table.closedReason(record.takeUnretainedValue())
                ?? "the connection closed without a request line libmicrohttpd took (none was sent, or it answered 400, 414 or 505 itself)"
            context.handler(HTTPRequest(method: "-", path: "-", clientAddress: clientAddress(connection), unanswered: reason),
                            HTTPResponder(nil, context))
        }
        context.table.remove(record.takeUnretainedValue())
        record.release()
        socketContext.pointee = nil
    }
}

typealias RequestLineCallback = @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?, OpaquePointer?)
    -> UnsafeMutableRawPointer?
let requestLineArrived: RequestLineCallback = { _, uri, connection in
    if let connection, let record = record(connection) { record.requestLines += 1 }
    return Unmanaged.passRetained(RequestState(rawTarget: uri.map { String(cString: $0) } ?? "")).toOpaque()
}

/// Every request whose line arrived ends here. One the handler never saw (libmicrohttpd
/// answered it itself: no `Host`, a malformed `Content-Length`, a head too large; or the client
/// left, or a deadline passed, before the head was whole) is handed to the handler marked
/// `unanswered`, so the access log has a line for every request; its answer is dropped.
let requestCompleted: MHD_RequestCompletedCallback = { cls, connection, slot, code in
    guard let cls else { return }
    let context = Unmanaged<DaemonContext>.fromOpaque(cls).takeUnretainedValue()
    if let connection, let record = record(connection) { context.table.enter(record, .waiting) }
    guard let slot, let stored = slot.pointee else { return }
    let state = Unmanaged<RequestState>.fromOpaque(stored)
    let request = state.takeUnretainedValue()
    if request.begun { context.ended() }
    // Not handed to the handler: refused at the head, or its body (a bad chunk) by libmicrohttpd.
    if request.responder == nil {
        let ended = switch code.rawValue {
        case 1: "refused by libmicrohttpd (a malformed or too large head, or a malformed chunked body)"  // TERMINATED_WITH_ERROR
        case 2: "the head did not arrive in time"  // TIMEOUT_REACHED
        case 3: "the server stopped"  // DAEMON_SHUTDOWN
        case 4, 5: "the client closed the connection before the head was whole"  // READ_ERROR, CLIENT_ABORT
        default: "ended before the handler saw it"
        }
        // A limit or deadline of ours closed it: that says more than libmicrohttpd's code.
        let reason = connection.flatMap(record).flatMap { context.table.closedReason($0) } ?? ended
        context.handler(HTTPRequest(method: "-", path: request.rawTarget.isEmpty ? "-" : request.rawTarget,
                                    clientAddress: connection.flatMap(clientAddress), unanswered: reason),
                        HTTPResponder(nil, context))
    }
    state.release()
    slot.pointee = nil
}

/// Hands the request to the handler; queues its answer now or suspends until it comes.
private func dispatch(_ request: HTTPRequest, _ state: RequestState, _ connection: OpaquePointer,
                      _ context: DaemonContext) -> MHD_Result {
    let responder = HTTPResponder(connection, context)
    state.responder = responder
    if let record = record(connection) { context.table.enter(record, .answering) }
    context.handler(request, responder)
    guard let answer = responder.answerOrSuspend() else { return .YES }
    return queueAnswer(answer, connection, context)
}

let accessHandler: MHD_AccessHandlerCallback = { cls, connection, url, method, version, upload, uploadSize, slot in
    guard let cls, let connection, let slot, let uploadSize else { return .NO }
    let context = Unmanaged<DaemonContext>.fromOpaque(cls).takeUnretainedValue()
    if slot.pointee == nil {
        slot.pointee = Unmanaged.passRetained(RequestState(rawTarget: url.map { String(cString: $0) } ?? "/")).toOpaque()
    }
    let state = Unmanaged<RequestState>.fromOpaque(slot.pointee!).takeUnretainedValue()
    if let responder = state.responder {
        // Answered already (resumed, or the rest of a refused body): drop any body, send the answer.
        uploadSize.pointee = 0
        guard let answer = responder.take() else { return .YES }
        return queueAnswer(answer, connection, context)
    }
    let path = url.map { String(cString: $0) } ?? "/"
    func request(_ rejection: HTTPRejection?) -> HTTPRequest {
        var headers = [String: String](minimumCapacity: state.head.count)
        for pair in state.head { headers[pair.name.lowercased()] = pair.value }
        // The connection's record holds its client's address, written when it opened.
        let client = record(connection).map { $0.client.isEmpty ? nil : $0.client } ?? clientAddress(connection)
        return HTTPRequest(method: method.map { String(cString: $0) } ?? "GET", path: path,
                           query: values(connection, kind: .GET_ARGUMENT_KIND), headers: headers, body: state.body,
                           bodyTooLarge: state.tooLarge, clientAddress: client, rejection: rejection)
    }
    if !state.begun {
        // First call: the head only. Answering now closes the connection (MHD cannot know where
        // an unread body ends), which is what a refused head needs.
        state.begun = true
        context.began()
        state.maxBody = context.limits.maxBody(forPath: path)
        state.head = values(connection, kind: .HEADER_KIND)
        let head = state.head
        if context.verifiesClients, let refusal = TLSCertificate.clientRefusal(cmhd_tls_session(connection)) {
            return dispatch(request(HTTPRejection(status: 403, message: refusal)), state, connection, context)
        }
        if let rejection = HeadCheck.problem(version: version.map { String(cString: $0) } ?? "", rawTarget: state.rawTarget,
                                             headers: head, limits: context.limits,
                                             folded: cmhd_head_is_folded(connection) != 0) {
            return dispatch(request(rejection), state, connection, context)
        }
        if let length = head.first(where: { HeadCheck.isNamed($0.name, "content-length") }).flatMap({ Int($0.value) }),
           length > state.maxBody {
            state.tooLarge = true
            return dispatch(request(nil), state, connection, context)
        }
        return .YES
    }
    if uploadSize.pointee > 0 {
        let size = uploadSize.pointee
        if !state.tooLarge, let upload {
            if state.body.count + size > state.maxBody {
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
    return dispatch(request(nil), state, connection, context)
}
