import CalPolicyRequests
import CalendarCore
import Foundation
import MHDHost
import PolicyEngine
import Rendering

extension Router {
    // MARK: documents

    func document(_ request: HTTPRequest, route: Route, note: RequestNote) throws -> HTTPResponse {
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
    func withPolicies(_ version: StackVersion, _ body: ([any DayPolicy]) throws(RequestFailure) -> [UInt8],
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
    func translate(_ error: RequestFailure) -> Failure {
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
}
