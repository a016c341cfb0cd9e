import CalPolicyRequests
import MHDHost

/// Parsing the limits' flags (declared in `ServeOptions.swift`): what a client may cost.
extension ServeLimits {
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
