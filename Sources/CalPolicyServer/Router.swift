import CalPolicyRequests
import CalendarCore
import Foundation
import MHDHost
import PolicyEngine
import Rendering

/// Turns a request into an answer: routes, parameters, auth, ETags, the cache, and the
/// run guard around every policy call. One instance serves every thread.
final class Router: @unchecked Sendable {
    let configuration: ServeConfiguration
    let stacks: StackRegistry
    let metrics: Metrics
    let cache: ResponseCache
    let token: String?
    let startedAt = Date()
    let requestIDs = RequestIDs()
    let cors: CORSPolicy
    let clock: ZoneClock
    let decisions: DecisionLog?
    private let stoppingFlag = StuckFlag()
    /// After SIGTERM: `/ready` answers 503 so a balancer stops sending work.
    func markStopping() { stoppingFlag.set() }

    init(configuration: ServeConfiguration, stacks: StackRegistry, metrics: Metrics, cache: ResponseCache, token: String?,
         decisions: DecisionLog? = nil) {
        self.cors = CORSPolicy(origin: configuration.corsOrigin)
        self.clock = ZoneClock(identifier: configuration.timeZone)
        self.decisions = decisions
        self.configuration = configuration
        self.stacks = stacks
        self.metrics = metrics
        self.cache = cache
        self.token = token
    }

    /// The display options every document route takes, by their API names.
    static let displayParameters: [OptionSpec] = OptionCatalogue.display

    enum Route: String {
        case month = "/v1/month", days = "/v1/days", year = "/v1/year", week = "/v1/week", period = "/v1/period"
        case select = "/v1/select", explain = "/v1/explain", status = "/v1/status"
        case calendar = "/v1/calendar.ics"
        case health = "/health", ready = "/ready", metrics = "/metrics"

        var method: String { self == .select ? "POST" : "GET" }
        /// Parameters beyond the display ones and `stack`: the catalogue's options they fill
        /// (the week route's `date` is the week option).
        var parameters: [OptionSpec] {
            switch self {
            case .month: [OptionCatalogue.month]
            case .days, .calendar: [OptionCatalogue.from, OptionCatalogue.to]
            case .year: [OptionCatalogue.year]
            case .week: [OptionCatalogue.week]
            case .period: [OptionCatalogue.kind, OptionCatalogue.date, OptionCatalogue.step]
            case .explain: [OptionCatalogue.date]
            case .select, .status, .health, .ready, .metrics: []
            }
        }
        /// Parameters a request must give.
        var required: [OptionSpec] {
            switch self {
            case .days: [OptionCatalogue.from, OptionCatalogue.to]
            case .week: [OptionCatalogue.week]
            case .period: [OptionCatalogue.kind, OptionCatalogue.date]
            case .explain: [OptionCatalogue.date]
            default: []
            }
        }
        /// Routes whose answers are policy decisions (the decision log records them).
        var isDecision: Bool {
            switch self {
            case .month, .days, .year, .week, .period, .select, .explain: true
            default: false
            }
        }
        var takesDisplay: Bool {
            switch self {
            case .status, .health, .ready, .metrics: false
            default: true
            }
        }
    }

    struct Failure: Error {
        var status: Int
        var code: String
        var message: String
        var parameter: String?
        var headers: [(name: String, value: String)] = []
    }

    // MARK: entry

    func handle(_ request: HTTPRequest) -> HTTPResponse {
        let started = DispatchTime.now().uptimeNanoseconds
        metrics.started()
        let route = Route(rawValue: request.path)
        let id = requestIDs.next()
        let note = RequestNote()
        var response: HTTPResponse
        if let preflight = cors.preflight(request, knownRoute: route != nil) {
            response = preflight
        } else {
            do {
                response = try answer(request, route: route, note: note)
            } catch let failure as Failure {
                note.failure = failure
                response = Self.error(failure)
            } catch {
                let failure = Failure(status: 500, code: "internal", message: String(describing: error))
                note.failure = failure
                response = Self.error(failure)
            }
        }
        cors.decorate(&response, request)
        response.headers.append(("X-Request-Id", id))
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
        metrics.finished(route: route?.rawValue ?? "other", status: response.status, seconds: seconds)
        log(request, route: route, id: id, note: note, response: response, seconds: seconds)
        return response
    }

    /// The access-log line (stderr) and, for a decision route, the decision-log line.
    private func log(_ request: HTTPRequest, route: Route?, id: String, note: RequestNote, response: HTTPResponse,
                     seconds: Double) {
        let milliseconds = String(format: "%.2f", seconds * 1000)
        if configuration.jsonLog {
            AccessLog.line(JSONLine.object([
                ("time", JSONLine.quote(JSONLine.timestamp())), ("id", JSONLine.quote(id)),
                ("client", JSONLine.optional(request.clientAddress)), ("method", JSONLine.quote(request.method)),
                ("path", JSONLine.quote(request.path)), ("query", JSONLine.query(request.query)),
                ("route", JSONLine.optional(route?.rawValue)), ("status", String(response.status)),
                ("bytes", String(response.body.count)), ("durationMs", milliseconds),
                ("stack", JSONLine.optional(note.stack)), ("version", JSONLine.optional(note.version)),
            ]))
        } else {
            let query = request.query.isEmpty ? "" : "?" + request.query.map { "\($0.name)=\($0.value)" }.joined(separator: "&")
            var line = "\(request.method) \(request.path)\(query) \(response.status) \(response.body.count) \(milliseconds)ms id=\(id)"
            if let client = request.clientAddress { line += " client=\(client)" }
            if let stack = note.stack, let version = note.version { line += " stack=\(stack) version=\(version)" }
            AccessLog.line(line)
        }
        guard let decisions, let route, route.isDecision else { return }
        let error: String = note.failure.map { failure in
            JSONLine.object([("code", JSONLine.quote(failure.code)), ("message", JSONLine.quote(failure.message)),
                             ("parameter", JSONLine.optional(failure.parameter))])
        } ?? "null"
        decisions.append(JSONLine.object([
            ("time", JSONLine.quote(JSONLine.timestamp())), ("id", JSONLine.quote(id)),
            ("client", JSONLine.optional(request.clientAddress)), ("method", JSONLine.quote(request.method)),
            ("route", JSONLine.quote(route.rawValue)), ("stack", JSONLine.optional(note.stack)),
            ("version", JSONLine.optional(note.version)), ("today", JSONLine.optional(note.today)),
            ("query", JSONLine.query(request.query)),
            ("body", route == .select ? JSONLine.body(request.body) : "null"),
            ("status", String(response.status)), ("error", error), ("durationMs", milliseconds),
        ]))
    }

    static func error(_ failure: Failure) -> HTTPResponse {
        let body = JSONWriter.write(.object([
            ("error", .object([
                ("code", .string(failure.code)),
                ("message", .string(failure.message)),
                ("parameter", .optional(failure.parameter)),
            ])),
        ]))
        return HTTPResponse(status: failure.status,
                            headers: [("Content-Type", "application/json"), ("Cache-Control", "no-store")] + failure.headers,
                            body: Array(body.utf8))
    }

    static func json(_ status: Int, _ text: String, extra: [(name: String, value: String)] = []) -> HTTPResponse {
        HTTPResponse(status: status, headers: [("Content-Type", "application/json")] + extra, body: Array(text.utf8))
    }

    private func answer(_ request: HTTPRequest, route: Route?, note: RequestNote) throws -> HTTPResponse {
        guard let route else {
            // The picker page and its script and style (WebPage.swift); no policy runs.
            if let page = WebPage.response(method: request.method, path: request.path) { return page }
            throw Failure(status: 404, code: "not_found", message: "no route \(request.path); see docs/http-api.md")
        }
        if request.method != route.method && !(route.method == "GET" && request.method == "HEAD") {
            throw Failure(status: 405, code: "method_not_allowed",
                          message: "\(route.rawValue) takes \(route.method), not \(request.method)",
                          headers: [("Allow", route.method)])
        }
        if let token, route != .health, route != .ready {
            guard request.header("authorization") == "Bearer " + token else {
                throw Failure(status: 401, code: "unauthorized", message: "missing or wrong bearer token",
                              headers: [("WWW-Authenticate", "Bearer")])
            }
        }
        switch route {
        case .health, .ready, .metrics, .status:
            // No policy runs here: the ETag is over the body itself.
            var response = try plain(route)
            let etag = "\"\(FNV.hex(String(decoding: response.body, as: UTF8.self)))\""
            response.headers.append(("ETag", etag))
            response.headers.append(("Cache-Control", "no-cache"))
            if response.status == 200, let match = request.header("if-none-match"),
               match.split(separator: ",").contains(where: { $0.trimmingCharacters(in: .whitespaces) == etag }) {
                return HTTPResponse(status: 304, headers: [("ETag", etag)])
            }
            return response
        default:
            return try document(request, route: route, note: note)
        }
    }

    private func plain(_ route: Route) throws -> HTTPResponse {
        switch route {
        case .health:
            return Self.json(200, "{\"status\":\"ok\"}\n")
        case .ready:
            if stoppingFlag.isSet { return Self.json(503, "{\"ready\":false,\"stacks\":\(stacks.names.count)}\n") }
            return Self.json(200, "{\"ready\":true,\"stacks\":\(stacks.names.count)}\n")
        case .metrics:
            return HTTPResponse(status: 200, headers: [("Content-Type", "text/plain; version=0.0.4")],
                                body: Array((metrics.text() + stackMemoryText()).utf8))
        case .status:
            return Self.json(200, status())
        default:
            throw Failure(status: 404, code: "not_found", message: "no route \(route.rawValue)")
        }
    }

    // MARK: documents

    private func document(_ request: HTTPRequest, route: Route, note: RequestNote) throws -> HTTPResponse {
        var query: [String: String] = [:]
        let parameters = route.parameters + Self.displayParameters
        let allowed = Set(parameters.map(\.parameter) + ["stack"])
        for (name, value) in request.query {
            guard allowed.contains(name) else {
                throw Failure(status: 400, code: "bad_request",
                              message: "unknown parameter '\(name)'; \(route.rawValue) takes \(allowed.sorted().joined(separator: ", "))",
                              parameter: name)
            }
            query[name] = value
        }
        let stackName = query["stack"] ?? stacks.defaultName
        guard let version = stacks.version(stackName) else {
            throw Failure(status: 404, code: "unknown_stack",
                          message: "no stack '\(stackName)'; stacks: \(stacks.names.joined(separator: ", "))", parameter: "stack")
        }
        note.stack = version.name
        note.version = version.version
        var values = configuration.defaults
        for option in parameters {
            if let value = query[option.parameter] { values.set(value, for: option) }
        }
        // One resolution of the display settings per request; today stays a `Day`: without
        // --today or today=, the current date in --time-zone (default UTC).
        let evaluation: EvaluationOptions
        do {
            evaluation = try EvaluationOptions(values, environmentLocale: Documents.environmentLocale,
                                               today: clock.today())
        } catch {
            throw translate(.request(error))
        }
        let today = evaluation.settings.today
        note.today = today.iso

        if route == .select {
            try SelectBody.read(request, into: &values)
        }
        let canonicalQuery = request.query.filter { $0.name != "stack" }.sorted { $0.name == $1.name ? $0.value < $1.value : $0.name < $1.name }
            .map { "\($0.name)=\($0.value)" }.joined(separator: "&")
        let key = FNV.hex("\(version.name)\u{0}\(version.version)\u{0}\(today.iso)\u{0}\(route.rawValue)\u{0}\(canonicalQuery)\u{0}"
            + String(decoding: request.body, as: UTF8.self))
        let etag = "\"\(key)\""
        let common: [(name: String, value: String)] = [("ETag", etag), ("X-Policy-Version", version.version),
                                                       ("X-Policy-Stack", version.name)]
        if let match = request.header("if-none-match"),
           match == "*" || match.split(separator: ",").contains(where: { $0.trimmingCharacters(in: .whitespaces) == etag }) {
            return HTTPResponse(status: 304, headers: common)
        }
        if let hit = cache.get(key) {
            metrics.cacheHit()
            return HTTPResponse(status: hit.status, headers: [("Content-Type", hit.contentType)] + common, body: hit.body)
        }
        for option in route.required where query[option.parameter] == nil {
            throw Failure(status: 400, code: "bad_request", message: "missing required parameter '\(option.parameter)'",
                          parameter: option.parameter)
        }
        let context = Documents.Context(values: values, evaluation: evaluation, paths: version.paths)
        let body = try withPolicies(version) { policies throws(RequestFailure) -> [UInt8] in
            switch route {
            case .month, .year, .week:
                return try Documents.eval(context, policies: policies)
            case .days:
                return try Documents.eval(context, policies: policies, daysCap: Documents.daysCap)
            case .calendar:
                return try Documents.ics(context, policies: policies)
            case .period:
                return try Documents.period(context)
            case .explain:
                return try Documents.explain(context, sources: Array(zip(version.paths, version.sources)).map { ($0.0, $0.1) },
                                             verbose: configuration.verbose)
            case .select:
                return try Documents.select(context, policies: policies)
            default:
                return []
            }
        } failure: { error in
            if case .policy(let policyError) = error {
                metrics.policyError(stack: version.name, kind: policyError.kind == .timeout ? "timeout" : "policy")
            }
            return translate(error)
        }
        let contentType = route == .calendar ? "text/calendar; charset=utf-8" : "application/json"
        cache.put(key, ResponseCache.Entry(status: 200, body: body, contentType: contentType))
        return HTTPResponse(status: 200, headers: [("Content-Type", contentType)] + common, body: body)
    }

    /// Leases a policy set of the version and runs `body` under a fresh run guard with the
    /// request deadline; the set goes back afterwards (or is replaced if its thread got stuck).
    private func withPolicies(_ version: StackVersion, _ body: ([any DayPolicy]) throws(RequestFailure) -> [UInt8],
                              failure: (RequestFailure) -> Failure) throws -> [UInt8] {
        let set = version.lease()
        let stuck = StuckFlag()
        let run = PolicyRun(limits: RunLimits(deadline: configuration.timeout), onStuck: { line in
            stuck.set()
            AccessLog.line("calpolicy-serve: \(line); the policy set is retired and replaced")
            version.replaceRetired()
        })
        do {
            let bytes = try run.perform { () throws(RequestFailure) -> [UInt8] in try body(set) }
            if !stuck.isSet { version.giveBack(set) }
            return bytes
        } catch {
            if !stuck.isSet { version.giveBack(set) }
            throw failure(error)
        }
    }

    /// A request failure in HTTP's terms: options named by their API parameters.
    private func translate(_ error: RequestFailure) -> Failure {
        switch error {
        case .request(let error):
            return Failure(status: 400, code: "bad_request", message: error.message(.api),
                           parameter: error.option.parameter)
        case .refused(let option, let detail):
            return Failure(status: 422, code: "selection_refused", message: "\(option.parameter): \(detail)",
                           parameter: option.parameter)
        case .policy(let policyError) where policyError.kind == .timeout:
            return Failure(status: 503, code: "policy_timeout", message: TerminalText.escape(policyError.description),
                           parameter: nil)
        case .policy(let policyError):
            return Failure(status: 500, code: "policy_error", message: TerminalText.escape(policyError.description),
                           parameter: nil)
        case .policyFile(let path, let problem), .badPolicyPath(let path, let problem):
            return Failure(status: 500, code: "policy_error", message: "\(path): \(problem)", parameter: nil)
        }
    }

    /// Each live version's shared Lua memory (`StackLoader.stackMemory`), for `/metrics`.
    private func stackMemoryText() -> String {
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

    private func status() -> String {
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
            ("stacks", .array(stackValues)),
        ]))
    }
}

final class StuckFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    func set() { lock.withLock { value = true } }
    var isSet: Bool { lock.withLock { value } }
}
