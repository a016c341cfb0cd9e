import MHDHost

/// What every body a route reads must pass first: within the server's body limit
/// (`HTTPLimits.maxBody`; a larger one was dropped unread) and of a media type the route takes.
enum RequestBody {
    static func check(_ request: HTTPRequest, accepts: (String) -> Bool, expected: String) throws {
        if request.bodyTooLarge {
            throw Router.Failure(.payloadTooLarge,
                                 message: "the body is larger than \(HTTPLimits().maxBody / 1024) KiB")
        }
        let type = request.header("content-type")?.split(separator: ";").first?
            .trimmingCharacters(in: .whitespaces).lowercased()
        guard let type, accepts(type) else {
            throw Router.Failure(.unsupportedMediaType,
                                 message: "the body must be \(expected), not \(type ?? "none")")
        }
    }
}
