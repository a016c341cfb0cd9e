import CalendarCore
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
        return out + limits + dataEndsText()
            + "# HELP calpolicy_build_info The server's version and the commit it was built from.\n"
            + "# TYPE calpolicy_build_info gauge\n"
            + "calpolicy_build_info{version=\"\(Self.label(BuildInfo.version))\",commit=\"\(Self.label(BuildInfo.commit))\"} 1\n"
    }

    /// Days from today (in `--time-zone`) to the last day each policy's data or declared coverage
    /// reaches: the yearly "update the freeze list" chore as an alert, not an incident. Policies
    /// that never run out are not listed.
    func dataEndsText() -> String {
        var out = "# HELP calpolicy_policy_data_ends_days Days until a policy's data or declared coverage ends (negative: ended).\n"
        out += "# TYPE calpolicy_policy_data_ends_days gauge\n"
        let today = configuration.fixedToday ?? clock.today()
        for entry in stacks.snapshot() {
            for (path, end) in zip(entry.live.paths, entry.live.dataEnds) {
                guard let end else { continue }
                out += "calpolicy_policy_data_ends_days{stack=\"\(Self.label(entry.name))\",policy=\"\(Self.label(path))\"} "
                    + "\(today.distance(to: end))\n"
            }
        }
        return out
    }

    /// A Prometheus label value: backslash, quote and newline escaped.
    static func label(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\n": out += "\\n"
            default: out.append(character)
            }
        }
        return out
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
            let today = configuration.fixedToday ?? clock.today()
            let policies: [JSONValue] = zip(zip(entry.live.paths, entry.live.digests), entry.live.dataEnds).map {
                let ((path, digest), end) = $0
                return .object([("path", .string(path)), ("sha256", .string(digest)),
                                ("loadedAt", .string(formatter.string(from: entry.live.loadedAt))),
                                ("dataEnds", .optional(end?.iso)),
                                ("dataDaysLeft", end.map { .int(today.distance(to: $0)) } ?? .null)])
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
            ("version", .string(BuildInfo.version)),
            ("commit", .string(BuildInfo.commit)),
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
