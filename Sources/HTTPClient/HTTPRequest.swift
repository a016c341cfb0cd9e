/// One header field of a request, in the order given.
public struct HTTPHeader: Sendable, Equatable {
    public var name: String
    public var value: String

    public init(name: String, value: String) { (self.name, self.value) = (name, value) }
}

/// One HTTP exchange to make: where, what, and the bounds it runs under (time for the whole
/// transfer, time to connect, the largest body accepted).
public struct HTTPRequest: Sendable {
    public var method: String
    public var url: String
    public var headers: [HTTPHeader]
    public var body: [UInt8]
    /// The whole transfer, connection included.
    public var timeout: Duration
    public var connectTimeout: Duration
    /// The response body is refused (`responseTooLarge`) as soon as it passes this many bytes.
    public var maxResponseBytes: Int

    public init(method: String = "GET", url: String, headers: [HTTPHeader] = [], body: [UInt8] = [],
                timeout: Duration = .seconds(10), connectTimeout: Duration = .seconds(5),
                maxResponseBytes: Int = 1 << 20) {
        (self.method, self.url, self.headers, self.body) = (method, url, headers, body)
        (self.timeout, self.connectTimeout, self.maxResponseBytes) = (timeout, connectTimeout, maxResponseBytes)
    }
}
