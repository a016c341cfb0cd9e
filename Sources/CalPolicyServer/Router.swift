import CalPolicyRequests
import CalendarCore
import Foundation
import MHDHost
import PolicyEngine
import Rendering
import Synchronization

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
}

/// A flag set once from any thread (a stuck run, a stopping server).
final class StuckFlag: Sendable {
    private let value = Atomic<Bool>(false)
    func set() { value.store(true, ordering: .releasing) }
    var isSet: Bool { value.load(ordering: .acquiring) }
}
