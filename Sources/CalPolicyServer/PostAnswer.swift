/// What a POST of the server's pushers (decision-log batches, status) came to: the receiver's
/// status and the wait it asked for (`Retry-After`, honoured on 429 and 5xx through `Backoff`).
struct PostAnswer: Sendable, Equatable {
    let status: Int
    var retryAfter: String? = nil
}
