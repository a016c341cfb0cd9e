import CMicroHTTPD

// Answers handed to libmicrohttpd: the response over the body's bytes and its headers, queued
// on the connection (the callbacks in UnsafeMHDCallbacks.swift call `queueAnswer`).

/// Queues `answer` on the connection: a response over the body's own bytes, its headers lent.
func queueAnswer(_ answer: HTTPResponse, _ connection: OpaquePointer, _ context: DaemonContext) -> MHD_Result {
    guard let response = response(over: answer.body) else { return .NO }
    // `withCString` lends a String's own bytes (a short one's from the stack); a String passed
    // as a `char *` argument is copied into a fresh array first: two mallocs per header per answer.
    for header in answer.headers {
        _ = header.name.withCString { name in header.value.withCString { MHD_add_response_header(response, name, $0) } }
    }
    if answer.closeConnection || context.closing.isSet { _ = MHD_add_response_header(response, "Connection", "close") }
    let queued = MHD_queue_response(connection, UInt32(answer.status), response)
    MHD_destroy_response(response)
    if let record = record(connection) { context.table.enter(record, .sending) }
    return queued
}

/// A body's bytes kept alive while libmicrohttpd sends them: the array is never mutated through
/// this `let`, so its storage (shared with the response cache's entry) stays where it is.
private final class HeldBody {
    let bytes: [UInt8]
    init(_ bytes: [UInt8]) { self.bytes = bytes }
}

/// Releases a `HeldBody` when libmicrohttpd destroys the response.
private let releaseHeldBody: MHD_ContentReaderFreeCallback = { cls in
    guard let cls else { return }
    Unmanaged<HeldBody>.fromOpaque(cls).release()
}

/// A response over the body's own bytes rather than a copy (`RESPMEM_MUST_COPY` copied a
/// cached month, 15–18 KB, into a fresh allocation per answer); an empty body as before.
private func response(over body: [UInt8]) -> OpaquePointer? {
    guard !body.isEmpty else { return MHD_create_response_from_buffer(0, nil, .RESPMEM_PERSISTENT) }
    let held = HeldBody(body)
    let cls = Unmanaged.passRetained(held).toOpaque()
    let base = held.bytes.withUnsafeBytes { UnsafeMutableRawPointer(mutating: $0.baseAddress!) }
    guard let response = MHD_create_response_from_buffer_with_free_callback_cls(held.bytes.count, base,
                                                                                  releaseHeldBody, cls) else {
        Unmanaged<HeldBody>.fromOpaque(cls).release()
        return nil
    }
    return response
}
