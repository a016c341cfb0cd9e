import CalendarData
import CalendarCore
import Foundation
import MHDHost
import PolicyEngine
import Rendering

extension Router {
    /// `--diagnostic-addr`: only `/health`, `/ready`, `/metrics` and `/v1/status`, none of
    /// which waits for a policy, on a listener of their own, so a probe answers whatever the
    /// main listener's clients do; all four without a token (`Listener`), for scrapers that
    /// carry none.
    func handleDiagnostic(_ request: HTTPRequest, reply: @escaping @Sendable (HTTPResponse) -> Void) {
        switch Route(rawValue: request.path) {
        case .health?, .ready?, .metrics?, .status?:
            handle(request, listener: .diagnostic, reply: reply)
        default:
            var response = Self.error(Failure(.notFound,
                                              message: "the diagnostic listener serves /health, /ready, /metrics and /v1/status"))
            response.closeConnection = request.rejection != nil
            reply(response)
        }
    }

    /// The same, waiting for the answer (in-process tests).
    func handleDiagnostic(_ request: HTTPRequest) -> HTTPResponse {
        let box = AnswerBox()
        handleDiagnostic(request) { box.put($0) }
        return box.wait()
    }

    /// The whole `/metrics` page: the router's counters, then the stacks', then the service's bounds.
    func metricsText() -> String {
        var out = PrometheusText()
        stackMetrics(&out)
        bundleMetrics(&out)
        serviceMetrics(&out)
        return metrics.text() + out.text
    }

    /// `/metrics` lines of the stacks: the memory their Lua states hold against their budget,
    /// how long each policy's data lasts, and the build.
    func stackMetrics(_ out: inout PrometheusText) {
        let snapshot = stacks.snapshot()
        out.family("calpolicy_stack_memory_bytes", .gauge, help: "Memory the Lua states of a stack's live version hold together.",
                   label: "stack", snapshot.map { ($0.name, $0.live.memory.used) })
        out.family("calpolicy_stack_memory_limit_bytes", .gauge, help: "The budget those states share.",
                   label: "stack", snapshot.map { ($0.name, $0.live.memory.limit) })
        // Days from today (in `--time-zone`) to the last day each policy's data or declared
        // coverage reaches: the yearly "update the freeze list" chore as an alert, not an
        // incident. Policies that never run out are not listed.
        let ends = "calpolicy_policy_data_ends_days"
        out.family(ends, .gauge, help: "Days until a policy's data or declared coverage ends (negative: ended).")
        let today = configuration.fixedToday ?? clock.today()
        for entry in snapshot {
            for (path, end) in zip(entry.live.paths, entry.live.dataEnds) {
                guard let end else { continue }
                out.sample(ends, today.distance(to: end), labels: ["stack": entry.name, "policy": path])
            }
        }
        out.family("calpolicy_build_info", .gauge, help: "The server's version and the commit it was built from.")
        out.sample("calpolicy_build_info", 1, labels: ["version": BuildInfo.version, "commit": BuildInfo.commit])
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

    /// `--bundle`: the puller's state as `bundle` (absent when serving plain policy files).
    private func bundleField() -> [(String, JSONValue)] { bundles == nil ? [] : [("bundle", bundleStatus())] }

    /// What `--status-url` pushes on: each stack's version, revision and last reload, and the
    /// bundle's activations, refusals and last error; not the clocks (`lastRequest`,
    /// `dataDaysLeft`) that move without anything happening.
    func statusFingerprint() -> String {
        var parts: [String] = []
        for entry in stacks.snapshot() {
            parts.append("\(entry.name)|\(entry.live.version)|\(entry.live.revision ?? "")|"
                         + "\(entry.attempt.map { "\($0.at.timeIntervalSince1970)/\($0.result)" } ?? "")")
        }
        if let state = bundles?.snapshot {
            parts.append("bundle|\(state.activeRevision ?? "")|\(state.activations)|\(state.refusals)|"
                         + "\(state.lastError.map { "\($0.code)/\($0.at.timeIntervalSince1970)" } ?? "")")
        }
        return parts.joined(separator: "\n")
    }

    func status() -> String {
        let formatter = ISO8601DateFormatter()
        var stackValues: [JSONValue] = []
        let building = Set(stacks.building)
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
            var fields: [(String, JSONValue)] = [("name", .string(entry.name)), ("version", .string(entry.live.version))]
            // `--bundle`: the bundle revision the stack's files came from.
            if let revision = entry.live.revision { fields.append(("revision", .string(revision))) }
            stackValues.append(.object(fields + [
                ("loadedAt", .string(formatter.string(from: entry.live.loadedAt))),
                ("policies", .array(policies)),
                // The stack's data horizon: the earliest day any of its policies' data ends.
                ("dataEnds", .optional(entry.live.dataEnds.compactMap { $0 }.min()?.iso)),
                ("lastReload", attempt),
                ("reloading", .bool(building.contains(entry.name))),
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
        ] + bundleField()))
    }
}
