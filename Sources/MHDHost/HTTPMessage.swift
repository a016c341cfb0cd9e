/// One HTTP request as the handler sees it: plain values, no pointers into libmicrohttpd.
public struct HTTPRequest: Sendable {
    public var method: String
    /// The path without the query string (`/v1/month`).
    public var path: String
    /// Query arguments in the order given, percent-decoded; a name without `=` has value "".
    public var query: [(name: String, value: String)]
    /// Request headers, names lowercased; a repeated header keeps its last value.
    public var headers: [String: String]
    public var body: [UInt8]
    /// The body passed `HTTPDaemon.Configuration.maxBody` and was dropped unread.
    public var bodyTooLarge: Bool
    /// The client's IP address (`127.0.0.1`, `::1`), when the connection tells it.
    public var clientAddress: String?

    public init(method: String, path: String, query: [(name: String, value: String)] = [],
                headers: [String: String] = [:], body: [UInt8] = [], bodyTooLarge: Bool = false,
                clientAddress: String? = nil) {
        self.clientAddress = clientAddress
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
        self.bodyTooLarge = bodyTooLarge
    }

    public func header(_ name: String) -> String? { headers[name.lowercased()] }
}

/// An answer: status, headers in order, body bytes.
public struct HTTPResponse: Sendable {
    public var status: Int
    public var headers: [(name: String, value: String)]
    public var body: [UInt8]

    public init(status: Int, headers: [(name: String, value: String)] = [], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}

/// Why the daemon did not start.
public struct HTTPDaemonError: Error, CustomStringConvertible, Sendable {
    public var description: String
    public init(_ description: String) { self.description = description }
}
