/// One HTTP request as the handler sees it: plain values, no pointers into libmicrohttpd.
public struct HTTPRequest: Sendable {
    public var method: String
    /// The path without the query string (`/v1/month`).
    public var path: String
    /// Query arguments in the order given, percent-decoded, at their real length (a `%00`
    /// stays in the value: libmicrohttpd's C-string reads would cut it there); a name without
    /// `=` has value "".
    public var query: [(name: String, value: String)]
    /// Request headers, names lowercased. `HeadCheck` has already refused a repeated header
    /// whose repetition matters (Host, Content-Length, Authorization, Transfer-Encoding); any
    /// other repeated header keeps its last value.
    public var headers: [String: String]
    public var body: [UInt8]
    /// The body passed `HTTPLimits.maxBody` and was dropped unread.
    public var bodyTooLarge: Bool
    /// The client's IP address (`127.0.0.1`, `::1`), when the connection tells it.
    public var clientAddress: String?
    /// Set when the head broke a rule of `HeadCheck` (framing, limits, control bytes): the
    /// handler answers it as an error, and the connection is closed after that answer.
    public var rejection: HTTPRejection?
    /// Set when libmicrohttpd ended the request before the handler was called (it answered a
    /// head it refused itself, a deadline passed, the client left): the handler only logs it,
    /// and what it answers is dropped. What the request line held is `path` (the raw target);
    /// the method is not known.
    public var unanswered: String?

    public init(method: String, path: String, query: [(name: String, value: String)] = [],
                headers: [String: String] = [:], body: [UInt8] = [], bodyTooLarge: Bool = false,
                clientAddress: String? = nil, rejection: HTTPRejection? = nil, unanswered: String? = nil) {
        (self.unanswered, self.clientAddress, self.method, self.path) = (unanswered, clientAddress, method, path)
        (self.query, self.headers, self.body) = (query, headers, body)
        (self.bodyTooLarge, self.rejection) = (bodyTooLarge, rejection)
    }

    public func header(_ name: String) -> String? { headers[name.lowercased()] }
}

/// Why a request's head was refused before any route saw it: an HTTP status (400, 431, 413)
/// and one line saying what was wrong, for the handler to put in its error body.
public struct HTTPRejection: Sendable, Equatable {
    public var status: Int
    public var message: String
    public init(status: Int, message: String) {
        (self.status, self.message) = (status, message)
    }
}

/// An answer: status, headers in order, body bytes.
public struct HTTPResponse: Sendable {
    public var status: Int
    public var headers: [(name: String, value: String)]
    public var body: [UInt8]
    /// Close the connection after this answer (`Connection: close`): after a framing error the
    /// rest of the stream cannot be trusted to start a request.
    public var closeConnection: Bool

    public init(status: Int, headers: [(name: String, value: String)] = [], body: [UInt8] = [],
                closeConnection: Bool = false) {
        (self.status, self.headers, self.body, self.closeConnection) = (status, headers, body, closeConnection)
    }
}

/// Why the daemon did not start.
public struct HTTPDaemonError: Error, CustomStringConvertible, Sendable {
    public var description: String
    public init(_ description: String) { self.description = description }
}
