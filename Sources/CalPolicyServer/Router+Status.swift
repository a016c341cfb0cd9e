import Foundation
import MHDHost
import PolicyEngine
import Rendering

extension Router {
    /// `--diagnostic-addr`: only `/health`, `/ready`, `/metrics` and `/v1/status`, none of
    /// which waits for a policy, on a listener of their own, so a probe answers whatever the
    /// main listener's clients do.
    func handleDiagnostic(_ request: HTTPRequest, reply: @escaping @Sendable (HTTPResponse) -> Void) {
        switch Route(rawValue: request.path) {
        case .health?, .ready?, .metrics?, .status?:
            handle(request, reply: reply)
        default:
            var response = Self.error(Failure(status: 404, code: "not_found",
                                              message: "the diagnostic listener serves /health, /ready, /metrics and /v1/status"))
            response.closeConnection = request.rejection != nil
            reply(response)
        }
    }

    func stackMemoryText() -> String {
        var out = "# HELP calpolicy_stack_memory_bytes Memory the Lua states of a stack's live version hold together.\n"
        out += "# TYPE calpolicy_stack_memory_bytes gauge\n"
        var limits = "# HELP calpolicy_stack_memory_limit_bytes The budget those states share.\n"
        limits += "# TYPE calpolicy_stack_memory_limit_bytes gauge\n"
        for entry in stacks.snapshot() {
            out += "calpolicy_stack_memory_bytes{stack=\"\(entry.name)\"} \(entry.live.memory.used)\n"
            limits += "calpolicy_stack_memory_limit_bytes{stack=\"\(entry.name)\"} \(entry.live.memory.limit)\n"
        }
        return out + limits
    }

    // MARK: status

    /// Every bound a client meets (docs/reliability.md, "The service under attack").
    func limitsValue() -> JSONValue {
        let limits = configuration.limits
        return .object([
            ("maxConnections", .int(limits.maxConnections)),
            ("maxConnectionsPerClient", .int(limits.maxConnectionsPerClient)),
            ("headTimeout", .string(RunLimits.seconds(limits.headTimeout))),
            ("sendTimeout", .string(RunLimits.seconds(limits.sendTimeout))),
            ("maxHeaders", .int(limits.maxHeaders)),
            ("maxHeaderBytes", .int(limits.maxHeaderBytes)),
            ("maxBody", .int(limits.maxBody)),
            ("stackWorkers", .int(configuration.stackWorkers)),
            ("stackQueue", .int(configuration.stackQueue)),
            ("logBuffer", .int(configuration.logBuffer)),
            ("decisionLogRequired", .bool(configuration.decisionLogRequired)),
        ])
    }

    func status() -> String {
        let formatter = ISO8601DateFormatter()
        var stackValues: [JSONValue] = []
        for entry in stacks.snapshot() {
            let policies: [JSONValue] = zip(entry.live.paths, entry.live.digests).map { path, digest in
                .object([("path", .string(path)), ("sha256", .string(digest)),
                         ("loadedAt", .string(formatter.string(from: entry.live.loadedAt)))])
            }
            let attempt: JSONValue = entry.attempt.map { attempt in
                .object([("at", .string(formatter.string(from: attempt.at))), ("result", .string(attempt.result)),
                         ("error", .optional(attempt.error))])
            } ?? .null
            stackValues.append(.object([
                ("name", .string(entry.name)),
                ("version", .string(entry.live.version)),
                ("loadedAt", .string(formatter.string(from: entry.live.loadedAt))),
                ("policies", .array(policies)),
                ("lastReload", attempt),
            ]))
        }
        return JSONWriter.write(.object([
            ("startedAt", .string(formatter.string(from: startedAt))),
            ("defaultStack", .string(stacks.defaultName)),
            ("watch", .bool(configuration.watch)),
            ("gateTests", .bool(configuration.gateTests)),
            ("timeout", .string(RunLimits.seconds(configuration.timeout))),
            ("limits", limitsValue()),
            ("stacks", .array(stackValues)),
        ]))
    }
}
