/// A complete response: the final status (redirects are never followed, so a 3xx is an answer),
/// its header fields and the whole body.
public struct HTTPResponse: Sendable {
    public let status: Int
    /// Names lowercased; a repeated field keeps its last value.
    public let headers: [String: String]
    public let body: [UInt8]

    public init(status: Int, headers: [String: String], body: [UInt8]) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}
