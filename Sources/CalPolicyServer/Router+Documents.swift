import CalendarData
import CalPolicyRequests
import CalendarCore
import Foundation
import MHDHost
import PolicyEngine
import Rendering

extension Router {
    // MARK: documents

    /// A document route, up to the point where a policy must run: the query checked and
    /// parsed (an unknown or repeated parameter, or one holding a control character, is a 400
    /// naming it), the display settings resolved once, the canonical key, the cache; what is
    /// left (leasing a policy set, running the policies) is queued on the stack's workers.
    func document(_ request: HTTPRequest, route: Route, note: RequestNote) throws -> Outcome {
        let query = try checkedQuery(request, route: route)
        if route == .overlay { return try overlay(query, note: note) }
        let parameters = route.documentParameters
        let stackName = query["stack"] ?? stacks.defaultName
        guard let version = stacks.version(stackName) else {
            throw Failure(.unknownStack,
                          message: "no stack '\(stackName)'; stacks: \(stacks.names.joined(separator: ", "))", parameter: "stack")
        }
        note.stack = version.name
        note.version = version.version
        note.revision = version.revision
        var values = configuration.defaults
        // Each parameter given, found by its name (a lookup per parameter the route takes, and a
        // copy of each option, cost more): no two of a route's options share a name or a
        // parameter (`RouteTableTests`), so the order they are set in changes nothing.
        let byParameter = route.documentParameterIndex
        for (name, value) in query {
            if let index = byParameter[name] { values.set(value, for: parameters[index]) }
        }
        Self.addContext(query, to: &values)
        // One resolution of the display settings per request; today stays a `Day`: without
        // --today or today=, the current date in --time-zone (default UTC).
        var evaluation: EvaluationOptions
        do {
            evaluation = try EvaluationOptions(values, environmentLocale: Documents.environmentLocale,
                                               today: clock.today())
        } catch {
            throw translate(.request(error))
        }
        let today = evaluation.settings.today
        note.today = today.iso
        note.context = evaluation.settings.decision

        if route == .select {
            try SelectBody.read(request, into: &values)
            // The body's `context` object, over the query's `context.KEY`s: resolved again with it.
            if SelectBody.hasContext(request) {
                do {
                    evaluation = try EvaluationOptions(values, environmentLocale: Documents.environmentLocale,
                                                       today: clock.today())
                } catch {
                    throw translate(.request(error))
                }
                note.context = evaluation.settings.decision
            }
        }
        var stored: [RevalidateUseCase.StoredSelection] = []
        if route == .revalidate {
            try RequestBody.check(request, accepts: { ["application/x-ndjson", "application/jsonl", "application/json"].contains($0) },
                                  expected: "JSON lines (Content-Type: application/x-ndjson)")
            do {
                stored = try RevalidateUseCase.parse(String(decoding: request.body, as: UTF8.self),
                                                     option: OptionCatalogue.storedSelections)
            } catch {
                throw translate(.request(error))
            }
        }
        for option in route.required where query[option.parameter] == nil {
            throw Failure(.badRequest, message: "missing required parameter '\(option.parameter)'",
                          parameter: option.parameter)
        }
        // The gate's question, parsed once here: its today (the instant's date in the stack's
        // zone, or `today=`) is what the policies see and what the decision log records.
        var gateQuestion: GateUseCase.Question?
        if route == .gate {
            do {
                let question = try Documents.gateQuestion(values, evaluation: evaluation, defaultZone: clock.zone ?? .utc)
                gateQuestion = question
                note.today = question.today.iso
                (note.context, note.instant, note.zone) = (question.decision, question.instant, question.zone)
            } catch {
                throw translate(error)
            }
        }
        // The overrides as they stand now, held against this version's policies: their generation
        // is part of the key, so an override added or ended is never hidden behind a cached answer.
        let overrideState = route.showsOverrides ? overrides?.snapshot : nil
        let liveOverrides = overrideState.flatMap { state in overrides?.reviewed(state, for: version) } ?? []
        evaluation.settings.overrides = liveOverrides
        var key = CanonicalRequest.key(version: version, route: route, settings: evaluation.settings,
                                       todayGiven: values.has(OptionCatalogue.today), query: query, names: route.keyNames,
                                       body: route == .select || route == .revalidate ? request.body : [])
        if let overrideState { key = key.adding("overrides-\(overrideState.generation)") }
        var common: [(name: String, value: String)] = [("X-Policy-Version", version.version), ("X-Policy-Stack", version.name)]
        if let revision = version.revision { common.append(("X-Policy-Revision", revision)) }
        // If-None-Match answers 304 only where the answer would be 200: from the cache, or once computed.
        let match = request.header("if-none-match")
        if let hit = cache.get(key), hit.status == 200 {
            metrics.cacheHit()
            if decisions != nil { note.answer = hit.answer ?? DecisionRecordRenderer.json(Self.documentAnswer(hit.body, etag: hit.etag)) }
            if let match, Self.matches(match, hit.etag) {
                return .done(HTTPResponse(status: 304, headers: [("ETag", hit.etag)] + common))
            }
            // One array, with room for what the router appends (request id, revision, decision
            // id, CORS): the joins below it and each append past its capacity copied it.
            var headers: [(name: String, value: String)] = []
            headers.reserveCapacity(common.count + 7)
            headers.append(("Content-Type", hit.contentType))
            headers.append(("ETag", hit.etag))
            headers.append(contentsOf: common)
            return .done(HTTPResponse(status: hit.status, headers: headers, body: hit.body))
        }
        if let decisions, decisions.required, !decisions.healthy {
            throw Failure(.decisionLogUnavailable,
                          message: "the decision log is not taking lines (full or failing); decisions are refused (--decision-log-required)",
                          headers: [("Retry-After", "1")])
        }
        let context = Documents.Context(values: values, evaluation: evaluation, paths: version.paths,
                                        defaultZone: clock.zone ?? .utc)
        let verbose = configuration.verbose
        // The gate's answer as the decision log records it, from the worker that computed it.
        let answerBox = LockedValue<JSONValue?>(nil)
        let logging = decisions != nil
        return .queued(stack: version.name) { [self] deadline, retire in
            let body = try withPolicies(version, deadline: deadline, retire: retire) { policies throws(RequestFailure) -> [UInt8] in
                switch route {
                case .month, .year, .week:
                    return try Documents.eval(context, policies: policies)
                case .days:
                    return try Documents.eval(context, policies: policies, daysCap: Documents.daysCap)
                case .calendar:
                    return try Documents.ics(context, policies: policies, stack: version.name)
                case .period:
                    return try Documents.period(context)
                case .explain:
                    return try Documents.explain(context, sources: Array(zip(version.paths, version.sources)).map { ($0.0, $0.1) },
                                                 verbose: verbose)
                case .select:
                    return try Documents.select(context, policies: policies)
                case .businessDays:
                    return try Documents.businessDays(context, policies: policies)
                case .revalidate:
                    return try Documents.revalidate(context, policies: policies, selections: stored)
                case .gate:
                    guard let gateQuestion else { return [] }
                    let answer = try Documents.gate(context, question: gateQuestion, policies: policies, overrides: liveOverrides)
                    answerBox.withLock { $0 = answer.answer }
                    return answer.body
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
            let etag = key.etag
            // Only with a decision log: a document's digest costs a pass over its bytes.
            let answer = logging ? DecisionRecordRenderer.json(answerBox.withLock { $0 } ?? Self.documentAnswer(body, etag: etag)) : nil
            note.answer = answer
            cache.put(key, ResponseCache.Entry(status: 200, body: body, contentType: contentType, etag: etag, answer: answer))
            let headers = [("ETag", etag)] + common
            if let match, Self.matches(match, etag) { return HTTPResponse(status: 304, headers: headers) }
            return HTTPResponse(status: 200, headers: [("Content-Type", contentType)] + headers, body: body)
        }
    }

    /// A document's answer for the decision log: its body's SHA-256 and its ETag (nil: none).
    static func documentAnswer(_ body: [UInt8], etag: String?) -> JSONValue {
        DecisionRecordRenderer.documentAnswer(sha256: SHA256.hex(body), etag: etag)
    }

    /// The query of a document route, checked: an unknown or repeated parameter, or one holding
    /// a control character, is a 400 naming it.
    /// `context.KEY=VALUE` (`context.environment`, `context.labels.team`): taken by every
    /// document route; the key is checked with the value (`ValueParser.context`).
    static func isContextParameter(_ name: String) -> Bool { name.hasPrefix("context.") && name.count > 8 }

    /// The query's `context.KEY` parameters as `KEY=VALUE` entries of `OptionCatalogue.context`.
    static func addContext(_ query: [String: String], to values: inout RequestValues) {
        guard query.keys.contains(where: isContextParameter) else { return }
        let entries = query.filter { isContextParameter($0.key) }.sorted { $0.key < $1.key }
            .map { String($0.key.dropFirst(8)) + "=" + $0.value }
        if !entries.isEmpty { values.set(entries, for: OptionCatalogue.context) }
    }

    func checkedQuery(_ request: HTTPRequest, route: Route) throws -> [String: String] {
        var query = [String: String](minimumCapacity: request.query.count)
        let allowed = route.acceptedNames
        for (name, value) in request.query {
            if HeadCheck.hasControl(name, allowTab: false) || HeadCheck.hasControl(value, allowTab: false) {
                throw Failure(.badRequest,
                              message: "parameter '\(TerminalText.escape(name))' holds a control character", parameter: name)
            }
            guard allowed.contains(name) || Self.isContextParameter(name) else {
                throw Failure(.badRequest,
                              message: "unknown parameter '\(name)'; \(route.rawValue) takes \(allowed.sorted().joined(separator: ", "))",
                              parameter: name)
            }
            guard query.updateValue(value, forKey: name) == nil else {
                throw Failure(.badRequest,
                              message: "parameter '\(name)' given more than once; give it once", parameter: name)
            }
        }
        return query
    }

    /// Leases a policy set of the version and runs `body` under a fresh run guard with what is
    /// left of the request's deadline; the set goes back afterwards, or, if its thread got
    /// stuck inside C, a fresh set and a fresh worker take the place of both (`retire`).
    func withPolicies<Answer>(_ version: StackVersion, deadline: UInt64, retire: StuckFlag,
                              _ body: ([any DayPolicy]) throws(RequestFailure) -> Answer,
                              failure: (RequestFailure) -> Failure) throws -> Answer {
        try withPolicies([version], worker: version.name, deadline: deadline, retire: retire, { sets throws(RequestFailure) in
            try body(sets[0])
        }, failure: failure)
    }

    /// The same over several versions, run by a worker of stack `worker`: one set of each,
    /// leased in the order of the stacks' names, so two requests leasing the same stacks never
    /// each hold what the other waits for. (`/v1/overlay` no longer leases several at once: it
    /// asks each stack on that stack's own worker, `Router.Step`.)
    func withPolicies<Answer>(_ versions: [StackVersion], worker: String, deadline: UInt64, retire: StuckFlag,
                              _ body: ([[any DayPolicy]]) throws(RequestFailure) -> Answer,
                              failure: (RequestFailure) -> Failure) throws -> Answer {
        var leased: [Int: [any DayPolicy]] = [:]
        func giveBack() { for (index, set) in leased { versions[index].giveBack(set) } }
        for index in versions.indices.sorted(by: { versions[$0].name < versions[$1].name }) {
            guard let set = versions[index].lease(until: deadline) else {
                giveBack()
                throw Failure(.expired, stack: versions[index].name, timeout: configuration.timeout)
            }
            leased[index] = set
        }
        let left = Double(deadline &- DispatchTime.now().uptimeNanoseconds) / 1e9
        guard deadline > DispatchTime.now().uptimeNanoseconds, left > 0.001 else {
            giveBack()
            throw Failure(.expired, stack: worker, timeout: configuration.timeout)
        }
        let stuck = StuckFlag()
        let queues = self.queues
        let run = PolicyRun(limits: RunLimits(deadline: left), onStuck: { line in
            stuck.set()
            retire.set()
            AccessLog.request("calpolicy-serve: \(line); the policy set and its worker are retired and replaced")
            for version in versions { version.replaceRetired() }
            queues.replaceWorker(worker)
        })
        let sets = versions.indices.map { leased[$0]! }
        do {
            let bytes = try run.perform { () throws(RequestFailure) -> Answer in try body(sets) }
            if !stuck.isSet { giveBack() }
            return bytes
        } catch {
            if !stuck.isSet { giveBack() }
            throw failure(error)
        }
    }

    /// A request failure in HTTP's terms: options named by their API parameters.
    func translate(_ error: RequestFailure) -> Failure {
        switch error {
        case .request(let error):
            return Failure(.badRequest, message: error.message(.api),
                           parameter: error.option.parameter)
        case .refused(let option, let detail):
            return Failure(.selectionRefused, message: "\(option.parameter): \(detail)",
                           parameter: option.parameter)
        case .noBusinessDay:
            return Failure(.noBusinessDay, message: error.noDayMessage ?? "",
                           parameter: OptionCatalogue.from.parameter)
        case .noCommonOpen:
            return Failure(.noCommonOpenDay, message: error.noDayMessage ?? "",
                           parameter: OptionCatalogue.nextCommonOpen.parameter)
        case .policy(let policyError) where policyError.kind == .timeout:
            return Failure(.policyTimeout, message: TerminalText.line(policyError.description),
                           parameter: nil, headers: [("Retry-After", "1")])
        case .policy(let policyError):
            return Failure(.policyError, message: TerminalText.line(policyError.description),
                           parameter: nil)
        case .policyFile(let path, let problem), .badPolicyPath(let path, let problem):
            return Failure(.policyError, message: "\(path): \(problem)", parameter: nil)
        }
    }

    /// Each live version's shared Lua memory (`StackLoader.stackMemory`), for `/metrics`.
}
