import CalendarData
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
    /// `--token-file`'s tokens and their rights (nil: no authentication, a loopback listener).
    let tokens: TokenSet?
    let startedAt = Clock.date()
    let requestIDs = RequestIDs()
    let cors: CORSPolicy
    let clock: Clock
    let decisions: DecisionLog?
    /// `--overrides` / `--state-dir`: break-glass overrides (nil: none are read).
    let overrides: OverrideStore?
    let queues: StackQueues
    /// Connections open and closed by a limit (`HTTPDaemon.connections`), for `/metrics`.
    nonisolated(unsafe) var connectionStats: (@Sendable () -> (open: Int, closed: [String: Int]))?
    /// `--github-*`: the deployment protection rule (nil: off, the route answers 404).
    nonisolated(unsafe) var github: GitHubRule?
    /// The instant `/v1/admit` decides at: the clock's now (a test fixes it before any request).
    nonisolated(unsafe) var now: @Sendable () -> Int64 = { Clock().now() }
    /// `--bundle`: what the puller has done; until a bundle is live, decisions are refused.
    nonisolated(unsafe) var bundles: BundleState?
    private let stoppingFlag = StuckFlag()
    /// After SIGTERM: `/ready` answers 503 so a balancer stops sending work.
    func markStopping() { stoppingFlag.set() }

    init(configuration: ServeConfiguration, stacks: StackRegistry, metrics: Metrics, cache: ResponseCache, token: String?,
         tokens: TokenSet? = nil, decisions: DecisionLog? = nil, overrides: OverrideStore? = nil, queues: StackQueues) {
        self.queues = queues
        self.overrides = overrides
        self.cors = CORSPolicy(origin: configuration.corsOrigin)
        self.clock = Clock(zoneNamed: configuration.timeZone)
        self.decisions = decisions
        self.configuration = configuration
        self.stacks = stacks
        self.metrics = metrics
        self.cache = cache
        self.tokens = tokens ?? token.map(TokenSet.legacy)
    }

    /// The display options every document route takes, by their API names.
    static let displayParameters: [OptionSpec] = OptionCatalogue.display

    /// What a route gives back on the polling thread: an answer now, or work for a stack's queue.
    enum Outcome {
        case done(HTTPResponse)
        /// Runs on a worker of `stack` with the request's deadline (`DispatchTime` ns) and the
        /// flag to set when the worker must retire.
        case queued(stack: String, work: (UInt64, StuckFlag) throws -> HTTPResponse)
        /// Work on several stacks' queues one after another (`/v1/overlay`), each step on a
        /// worker of its own stack, within the one deadline of the request.
        case steps(Step)
    }

    /// One step of `Outcome.steps`: run on a worker of `stack` with the request's deadline, it
    /// gives the answer or the next step (on a worker of the next stack).
    struct Step {
        enum Result {
            case answer(HTTPResponse)
            case next(Step)
        }

        let stack: String
        let run: (UInt64, StuckFlag) throws -> Result
    }

    // MARK: entry

    /// One request, answered once through `reply`: at once for every route that runs no policy
    /// (`/health`, `/ready`, `/metrics`, `/v1/status`, the page, cache hits, errors), else on a
    /// worker of the stack asked, within the request's deadline counted from now.
    func handle(_ request: HTTPRequest, listener: Listener = .main, reply: @escaping @Sendable (HTTPResponse) -> Void) {
        if let unanswered = request.unanswered {
            // Ended by libmicrohttpd before a route saw it: a log line, nothing to send.
            logUnanswered(request, reason: unanswered, id: requestIDs.next())
            reply(HTTPResponse(status: 400, closeConnection: true))
            return
        }
        let started = DispatchTime.now().uptimeNanoseconds
        metrics.started()
        let route = request.rejection == nil ? Route(path: request.path) : nil
        let id = requestIDs.next()
        let note = RequestNote()
        let finish: @Sendable (HTTPResponse) -> Void = { [self] response in
            var response = response
            cors.decorate(&response, request)
            // Room for what is appended from here on (the request id, a revision, the decision
            // id) in one step: each append past the array's capacity copied it.
            response.headers.reserveCapacity(response.headers.count + (decisions == nil ? 2 : 3))
            response.headers.append(("X-Request-Id", id))
            // The active bundle's revision beside X-Policy-Version (a document route set its own,
            // from the version that answered).
            if let revision = bundles?.snapshot.activeRevision, !response.headers.contains(where: { $0.name == "X-Policy-Revision" }) {
                response.headers.append(("X-Policy-Revision", revision))
            }
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
            log(request, route: route, id: id, note: note, response: &response, seconds: seconds)
            metrics.finished(route: route?.rawValue ?? "other", status: response.status, seconds: seconds)
            reply(response)
        }
        if let rejection = request.rejection {
            finish(failed(Failure(rejection), note: note, close: true))
            return
        }
        if let preflight = cors.preflight(request, knownRoute: route != nil) {
            finish(preflight)
            return
        }
        let outcome: Outcome
        do {
            outcome = try answer(request, route: route, note: note, listener: listener)
        } catch {
            finish(failed(error, note: note))
            return
        }
        switch outcome {
        case .done(let response):
            finish(response)
        case .queued(let stack, let work):
            let deadline = started + UInt64(configuration.timeout * 1e9)
            submit(Step(stack: stack) { deadline, retire in .answer(try work(deadline, retire)) }, deadline: deadline,
                   note: note, finish: finish)
        case .steps(let step):
            submit(step, deadline: started + UInt64(configuration.timeout * 1e9), note: note, finish: finish)
        }
    }

    /// Queues `step` on its stack; its worker answers, or queues the next step on that one's.
    private func submit(_ step: Step, deadline: UInt64, note: RequestNote, finish: @escaping @Sendable (HTTPResponse) -> Void) {
        queues.submit(step.stack, StackQueues.Job(deadline: deadline, run: { [self] in
            let retire = StuckFlag()
            do {
                switch try step.run(deadline, retire) {
                case .answer(let response): finish(response)
                case .next(let next): submit(next, deadline: deadline, note: note, finish: finish)
                }
            } catch {
                finish(failed(error, note: note))
            }
            return retire.isSet
        }, refuse: { [self] refusal in
            finish(failed(Failure(refusal, stack: step.stack, timeout: configuration.timeout), note: note))
        }))
    }

    /// The same, waiting for the answer (in-process tests).
    func handle(_ request: HTTPRequest) -> HTTPResponse {
        let box = AnswerBox()
        handle(request) { box.put($0) }
        return box.wait()
    }

    /// An error as the answer, noted for the logs.
    private func failed(_ error: any Error, note: RequestNote, close: Bool = false) -> HTTPResponse {
        let failure = error as? Failure ?? Failure(.internalError, message: String(describing: error))
        note.failure = failure
        var response = Self.error(failure)
        response.closeConnection = close
        return response
    }

    /// The most UTF-8 bytes of an error's `parameter` (a name the client sent, or an option's).
    static let maxParameterBytes = 256

    /// Every JSON error the server sends, whoever made it: its message is one line of at most
    /// `TerminalText.maxLineBytes` (4 KiB, cut with `...`) and its parameter at most
    /// `maxParameterBytes`, however much client input (a 50 KB `stacks=`, a long parameter
    /// name) or policy text it echoes.
    static func error(_ failure: Failure) -> HTTPResponse {
        let body = JSONWriter.write(.object([
            ("error", .object([
                ("code", .string(failure.code)),
                ("message", .string(TerminalText.line(failure.message))),
                ("parameter", .optional(failure.parameter.map { TerminalText.line($0, maxBytes: maxParameterBytes) })),
            ])),
        ]))
        return HTTPResponse(status: failure.status,
                            headers: [("Content-Type", "application/json"), ("Cache-Control", "no-store")] + failure.headers,
                            body: Array(body.utf8))
    }

    static func json(_ status: Int, _ text: String, extra: [(name: String, value: String)] = []) -> HTTPResponse {
        HTTPResponse(status: status, headers: [("Content-Type", "application/json")] + extra, body: Array(text.utf8))
    }

    private func answer(_ request: HTTPRequest, route: Route?, note: RequestNote, listener: Listener) throws -> Outcome {
        guard let route else {
            // The picker page and its script and style (WebPage.swift); no policy runs.
            if let page = WebPage.response(method: request.method, path: request.path) { return .done(page) }
            throw Failure(.notFound, message: "no route \(request.path); see docs/http-api.md")
        }
        if route != .overrides && request.method != route.method && !(route.method == "GET" && request.method == "HEAD") {
            throw Failure(.methodNotAllowed,
                          message: "\(route.rawValue) takes \(route.method), not \(request.method)",
                          headers: [("Allow", route.method)])
        }
        var request = request
        var token: TokenSet.Token?
        if let tokens, !listener.isOpen(route) {
            guard let header = request.header("authorization"), header.hasPrefix("Bearer "),
                  let named = tokens.find(secret: String(header.dropFirst(7))) else {
                throw Failure(.unauthorized, message: "missing or wrong bearer token",
                              headers: [("WWW-Authenticate", "Bearer")])
            }
            try authorize(named, route: route, request: &request)
            token = named
        }
        if let bundles, !bundles.isActive, ![.health, .ready, .metrics, .status].contains(route) {
            throw Failure(.noBundle, message: "no policy bundle is live yet (--bundle); /v1/status says why",
                          headers: [("Retry-After", "5")])
        }
        switch route {
        case .overrides:
            // Its rights depend on the override asked about: checked there.
            return .done(try overridesRoute(request, token: token))
        case .admit:
            return try admit(request, note: note)
        case .github:
            return .done(try githubDelivery(request, note: note))
        case .health, .ready, .metrics, .status:
            // No policy runs here: the ETag is over the body itself.
            var response = try plain(route)
            let etag = "\"" + SHA256.hex(response.body).prefix(32) + "\""
            response.headers.append(("ETag", etag))
            response.headers.append(("Cache-Control", "no-cache"))
            if response.status == 200, let match = request.header("if-none-match"), Self.matches(match, etag, star: false) {
                return .done(HTTPResponse(status: 304, headers: [("ETag", etag)]))
            }
            return .done(response)
        default:
            return try document(request, route: route, note: note)
        }
    }

    /// Whether an `If-None-Match` list names `etag` (strong comparison, RFC 9110 13.1.2), or is
    /// `*` where a current answer exists.
    static func matches(_ header: String, _ etag: String, star: Bool = true) -> Bool {
        header.split(separator: ",").contains { item in
            let tag = item.trimmingCharacters(in: .whitespaces)
            return tag == etag || star && tag == "*"
        }
    }

    private func plain(_ route: Route) throws -> HTTPResponse {
        switch route {
        case .health:
            return Self.json(200, "{\"status\":\"ok\"}\n")
        case .ready:
            if stoppingFlag.isSet || bundles?.isActive == false {
                return Self.json(503, "{\"ready\":false,\"stacks\":\(stacks.names.count)}\n")
            }
            return Self.json(200, "{\"ready\":true,\"stacks\":\(stacks.names.count)}\n")
        case .metrics:
            return HTTPResponse(status: 200, headers: [("Content-Type", "text/plain; version=0.0.4")],
                                body: Array(metricsText().utf8))
        case .status:
            return Self.json(200, status())
        default:
            throw Failure(.notFound, message: "no route \(route.rawValue)")
        }
    }
}
