import Foundation
import Glibc

/// Every open connection with its client address, what it is doing and since when; the one
/// place the connection limits and the head and send deadlines are enforced.
///
/// libmicrohttpd only knows an idle timeout, which a client trickling a byte every few
/// seconds never trips, and its limits refuse the newest connection, so a client holding
/// every slot with idle connections would lock everyone else out. Here a new connection past
/// a limit evicts the oldest connection that is still *waiting* for its request (never one
/// being answered), and a sweeper closes connections waiting past `headTimeout` or sending
/// past `sendTimeout`. Closing is `shutdown(2)` of the socket: libmicrohttpd sees the end of
/// the stream at its next poll and cleans the connection up itself. A record leaves the table
/// (under the lock) before libmicrohttpd closes its socket, so a descriptor is never shut
/// down after it was reused.
public final class ConnectionTable: @unchecked Sendable {
    public enum Phase: Sendable { case waiting, answering, sending }

    public final class Record: @unchecked Sendable {
        public let fd: Int32
        public let client: String
        let serial: UInt64
        var phase = Phase.waiting
        var since: UInt64
        /// Request lines libmicrohttpd accepted on this connection (polling thread only): a
        /// connection that closes with none left no request in the access log yet.
        var requestLines = 0
        /// The limit or deadline that closed it (`closeLocked`), under the table's lock.
        var closedBy: String?

        init(fd: Int32, client: String, serial: UInt64, now: UInt64) {
            self.fd = fd
            self.client = client
            self.serial = serial
            self.since = now
        }
    }

    private let lock = NSLock()
    private var records: [UInt64: Record] = [:]
    private var perClient: [String: Int] = [:]
    private var serial: UInt64 = 0
    let limits: HTTPLimits
    /// Connections closed by a limit or a deadline, by reason (for metrics).
    private var closedCounts: [String: Int] = [:]

    public init(limits: HTTPLimits) { self.limits = limits }

    static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

    /// A connection accepted: it is recorded, and whatever a limit says must go is shut down.
    func admit(fd: Int32, client: String) -> Record {
        lock.lock()
        defer { lock.unlock() }
        serial += 1
        let record = Record(fd: fd, client: client, serial: serial, now: Self.now())
        records[record.serial] = record
        perClient[client, default: 0] += 1
        if limits.maxConnectionsPerClient > 0 && perClient[client]! > limits.maxConnectionsPerClient {
            evictOldestWaiting(of: client, or: record, reason: "per_client_limit")
        }
        if records.count > limits.maxConnections {
            evictOldestWaiting(of: nil, or: record, reason: "connection_limit")
        }
        return record
    }

    private func evictOldestWaiting(of client: String?, or fresh: Record, reason: String) {
        let victim = records.values
            .filter { $0.phase == .waiting && $0 !== fresh && (client == nil || $0.client == client) }
            .min { $0.serial < $1.serial } ?? fresh
        closeLocked(victim, reason: reason)
    }

    private func closeLocked(_ record: Record, reason: String) {
        guard records.removeValue(forKey: record.serial) != nil else { return }
        perClient[record.client, default: 1] -= 1
        if perClient[record.client] == 0 { perClient[record.client] = nil }
        closedCounts[reason, default: 0] += 1
        record.closedBy = reason
        shutdown(record.fd, Int32(SHUT_RDWR))
    }

    /// libmicrohttpd closes the connection: the record leaves (it may have left already).
    func remove(_ record: Record) {
        lock.lock()
        defer { lock.unlock() }
        guard records.removeValue(forKey: record.serial) != nil else { return }
        perClient[record.client, default: 1] -= 1
        if perClient[record.client] == 0 { perClient[record.client] = nil }
    }

    func enter(_ record: Record, _ phase: Phase) {
        lock.withLock {
            record.phase = phase
            record.since = Self.now()
        }
    }

    /// Closes every connection past its deadline; called by the sweeper thread.
    ///
    /// The clock is read under the lock: read before it, a connection admitted or moved on
    /// while the sweeper waited had a `since` later than `now`, and its age wrapped around to
    /// centuries, so a live connection was shut down in the middle of its request.
    func sweep() {
        lock.lock()
        defer { lock.unlock() }
        sweepLocked(at: Self.now())
    }

    /// `sweep` at a given instant (tests): a record stamped after `now` is younger than
    /// nothing, never past a deadline.
    func sweep(at now: UInt64) {
        lock.withLock { sweepLocked(at: now) }
    }

    private func sweepLocked(at now: UInt64) {
        let head = UInt64(limits.headTimeout * 1e9)
        let send = UInt64(limits.sendTimeout * 1e9)
        for record in Array(records.values) {
            let age = now > record.since ? now - record.since : 0
            switch record.phase {
            case .waiting where age > head: closeLocked(record, reason: "head_timeout")
            case .sending where age > send: closeLocked(record, reason: "send_timeout")
            default: break
            }
        }
    }

    /// Shuts every connection down that waits for a request (a stopping server); those being
    /// answered or sending their answer finish.
    func closeIdle() {
        lock.withLock {
            for record in Array(records.values) where record.phase == .waiting { closeLocked(record, reason: "stopping") }
        }
    }

    /// Why a connection about to end was closed by the server, as an access log says it, or nil
    /// when the server did not close it (libmicrohttpd or the client did).
    func closedReason(_ record: Record) -> String? {
        switch lock.withLock({ record.closedBy }) {
        case "head_timeout"?: "the whole head did not arrive within --head-timeout"
        case "per_client_limit"?: "closed for a newer connection of the same client (--max-connections-per-client)"
        case "connection_limit"?: "closed for a newer connection (--max-connections)"
        case "send_timeout"?: "the client did not read the answer within --send-timeout"
        case "stopping"?: "the server stopped"
        case let other?: other
        case nil: nil
        }
    }

    public var open: Int { lock.withLock { records.count } }
    /// Connections closed by each limit so far: `per_client_limit`, `connection_limit`,
    /// `head_timeout`, `send_timeout`, `stopping`.
    public var closed: [String: Int] { lock.withLock { closedCounts } }
}
