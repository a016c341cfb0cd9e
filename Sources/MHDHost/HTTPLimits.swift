/// What one client may cost the server, enforced below any route (nginx's
/// `client_header_timeout`, `limit_conn`, `large_client_header_buffers`).
///
/// libmicrohttpd 0.9.75 has only an idle timeout, which a client sending a byte now and then
/// never trips; so the time to receive a whole request and to read a whole answer are
/// enforced by `ConnectionTable`'s sweeper over each connection's phase and its start.
public struct HTTPLimits: Sendable, Equatable {
    /// Connections open at once. Past it a new connection evicts the oldest one still waiting
    /// for its request (never one being answered); if none waits, the new one is closed.
    public var maxConnections: Int = 1024
    /// Connections one client address may hold (0: no per-address limit, for a server behind a
    /// reverse proxy, where every client has the proxy's address). Past it, the oldest waiting
    /// connection of that address is evicted the same way.
    public var maxConnectionsPerClient: Int = 64
    /// Seconds from a connection's start (or its previous answer) to a complete request head
    /// and body; an idle keep-alive connection is waiting for its next head, too.
    public var headTimeout: Double = 10
    /// Seconds a client may take to read an answer.
    public var sendTimeout: Double = 30
    /// Header fields in one request.
    public var maxHeaders: Int = 64
    /// Bytes of all header names and values together. libmicrohttpd refuses a head larger than
    /// its connection memory (`4 × maxHeaderBytes`) with its own 431 before we see it. That memory
    /// also bounds the request line: at 2 × a 60,000-byte target (a did-you-mean zone) got
    /// libmicrohttpd's HTML 414 instead of our JSON 400, so it stays 4 ×, although libmicrohttpd
    /// 0.9.75 zeroes all of it after each keep-alive request (a tenth of a cached answer's CPU).
    public var maxHeaderBytes: Int = 16 << 10
    /// Largest request body kept; a longer one is refused (413) and dropped unread.
    public var maxBody: Int = 64 << 10
    /// Paths whose bodies may be larger (or must be smaller) than `maxBody`, by exact path
    /// (`/v1/admit` takes a whole AdmissionReview, megabytes where a ConfigMap rides along).
    /// Looked up when the head arrives, before a byte of the body is kept.
    public var maxBodyByPath: [String: Int] = [:]

    public init() {}

    /// The body limit of a request for `path` (without its query).
    public func maxBody(forPath path: String) -> Int { maxBodyByPath[path] ?? maxBody }
}
