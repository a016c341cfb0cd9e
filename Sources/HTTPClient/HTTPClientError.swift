/// Why an exchange gave no complete response. A truncated body (the server closing before the
/// length it announced) is a `transport` error, never a short body.
public enum HTTPClientError: Error, Sendable, Equatable {
    /// Not an http:// or https:// URL, or one libcurl cannot parse; the text is the URL's scheme
    /// part or the reason, never the whole URL (it may carry credentials).
    case invalidURL(String)
    case timedOut
    case responseTooLarge(limit: Int)
    /// libcurl's message, on one line.
    case transport(String)
}
