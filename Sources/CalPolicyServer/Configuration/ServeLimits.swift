import CalPolicyRequests
import MHDHost

/// The flags of what a client may cost the service (docs/reliability.md lists each with its
/// default and the test that proves it): connections, request heads, per-stack workers and
/// queues, the decision log's strictness, and the diagnostic listener.
enum ServeLimits {
    static let maxConnections = OptionSpec.value("max-connections", "N",
                                                 help: "Connections open at once (default 1024).")
    static let maxPerClient = OptionSpec.value("max-connections-per-client", "N",
                                               help: "Connections one client address may hold (default 64; 0: no limit, behind a proxy).")
    static let headTimeout = OptionSpec.value("head-timeout", "SECONDS",
                                              help: "Time to send a whole request head and body, and to keep an idle connection (default 10).")
    static let sendTimeout = OptionSpec.value("send-timeout", "SECONDS",
                                              help: "Time a client may take to read an answer (default 30).")
    static let maxHeaders = OptionSpec.value("max-headers", "N", help: "Header fields in one request (default 64).")
    static let maxHeaderBytes = OptionSpec.value("max-header-bytes", "N",
                                                 help: "Bytes of all header fields of one request (default 16384).")
    static let stackWorkers = OptionSpec.value("stack-workers", "N",
                                               help: "Workers (and policy sets) of each stack (default 2 x cores).")
    static let stackQueue = OptionSpec.value("stack-queue", "N",
                                             help: "Requests waiting for each stack's workers before 503 (default 64).")
    static let decisionLogRequired = OptionSpec.flag("decision-log-required",
                                                     help: "Refuse decisions (503) rather than answer when the decision log cannot take their line.")
    static let diagnosticAddress = OptionSpec.value("diagnostic-addr", "HOST:PORT",
                                                    help: "Also serve /health, /ready, /metrics and /v1/status on this address.")

    static let logBuffer = OptionSpec.value("log-buffer", "LINES",
                                            help: "Lines each log buffers before it drops and counts (default 4096).")

    static let options = [maxConnections, maxPerClient, headTimeout, sendTimeout, maxHeaders, maxHeaderBytes, stackWorkers,
                          stackQueue, logBuffer, decisionLogRequired, diagnosticAddress]

    struct Parsed {
        var limits = HTTPLimits()
        var stackWorkers: Int
        var stackQueue = 64
        var decisionLogRequired = false
        var logBuffer = 4096
        var diagnostic: (host: String, port: UInt16)?
    }

    static func parse(_ parsed: RequestValues, cores: Int) throws(RequestError) -> Parsed {
        var out = Parsed(stackWorkers: max(2, 2 * cores))
        func integer(_ option: OptionSpec, _ range: ClosedRange<Int>) throws(RequestError) -> Int? {
            guard let text = parsed.value(option) else { return nil }
            return try ValueParser.integer(text, option: option, in: range)
        }
        func seconds(_ option: OptionSpec) throws(RequestError) -> Double? {
            guard let text = parsed.value(option) else { return nil }
            let value = try ValueParser.seconds(text, option: option)
            guard value >= 0.1 && value <= 3600 else { throw RequestError(option, value: text, reason: "expected 0.1...3600 seconds") }
            return value
        }
        if let value = try integer(maxConnections, 1...100_000) { out.limits.maxConnections = value }
        if let value = try integer(maxPerClient, 0...100_000) { out.limits.maxConnectionsPerClient = value }
        if let value = try seconds(headTimeout) { out.limits.headTimeout = value }
        if let value = try seconds(sendTimeout) { out.limits.sendTimeout = value }
        if let value = try integer(maxHeaders, 1...10_000) { out.limits.maxHeaders = value }
        if let value = try integer(maxHeaderBytes, 256...1 << 20) { out.limits.maxHeaderBytes = value }
        if let value = try integer(stackWorkers, 1...256) { out.stackWorkers = value }
        if let value = try integer(stackQueue, 0...100_000) { out.stackQueue = value }
        if let value = try integer(logBuffer, 1...1_000_000) { out.logBuffer = value }
        out.decisionLogRequired = parsed.has(decisionLogRequired)
        if let text = parsed.value(diagnosticAddress) {
            guard let address = ServeArguments.hostPort(text) else {
                throw RequestError(diagnosticAddress, value: text, reason: "expected HOST:PORT, port 0...65535")
            }
            out.diagnostic = address
        }
        return out
    }
}
