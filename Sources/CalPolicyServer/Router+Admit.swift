import CalendarCore
import CalPolicyRequests
import MHDHost
import PolicyEngine
import Rendering

extension Router {
    /// What `/v1/admit` takes in its query: `timeout` (the API server appends `timeout=10s`; the
    /// server's own --timeout is the deadline), `stack`, and `context.tenant` (a tenant-bound
    /// token adds it).
    static let admitParameters: Set<String> = ["timeout", "stack", "context.tenant"]

    /// `POST /v1/admit`: a Kubernetes `AdmissionReview` answered with one of the same uid
    /// (docs/admission.md). Fails closed: a review that cannot be read is refused when its uid
    /// could be read, else a 400 (413 when too large), which the API server's
    /// `failurePolicy: Fail` turns into a refusal too. Never cached: the answer is about now.
    func admit(_ request: HTTPRequest, note: RequestNote) throws -> Outcome {
        var seen: Set<String> = []
        for (name, value) in request.query {
            if HeadCheck.hasControl(name, allowTab: false) || HeadCheck.hasControl(value, allowTab: false) {
                throw Failure(.badRequest, message: "parameter '\(TerminalText.escape(name))' holds a control character", parameter: name)
            }
            guard Self.admitParameters.contains(name) else {
                throw Failure(.badRequest, message: "unknown parameter '\(name)'; /v1/admit takes \(Self.admitParameters.sorted().joined(separator: ", "))",
                              parameter: name)
            }
            guard seen.insert(name).inserted else {
                throw Failure(.badRequest, message: "parameter '\(name)' given more than once; give it once", parameter: name)
            }
        }
        let settings = configuration.admission
        if request.bodyTooLarge {
            metrics.admitReview("malformed")
            throw Failure(.payloadTooLarge,
                          message: "the AdmissionReview is larger than \(settings.maxBody) bytes (--admit-max-body); refused unread")
        }
        let stackName = request.query.last { $0.name == "stack" }?.value ?? stacks.defaultName
        guard let version = stacks.version(stackName) else {
            throw Failure(.unknownStack, message: "no stack '\(stackName)'; stacks: \(stacks.names.joined(separator: ", "))",
                          parameter: "stack")
        }
        note.stack = version.name
        note.version = version.version
        note.revision = version.revision
        let tenant = request.query.last(where: { $0.name == "context.tenant" })?.value
        // Reading a review (up to --admit-max-body, 2 MB parses in a fifth of a second) and
        // deciding it happen on a worker of the stack asked, never on the polling thread, which
        // answers every other connection (/health among them) meanwhile.
        // The instant of arrival is the one decided at, however long the review waits.
        let body = request.body, instant = now()
        return .queued(stack: version.name) { [self] deadline, retire in
            try review(body, tenant: tenant, version: version, instant: instant, note: note, deadline: deadline, retire: retire)
        }
    }

    /// One review read and decided, on a worker of `version`'s stack.
    private func review(_ body: [UInt8], tenant: String?, version: StackVersion, instant: Int64, note: RequestNote,
                        deadline: UInt64, retire: StuckFlag) throws -> HTTPResponse {
        let settings = configuration.admission
        let review: AdmissionReview
        do { review = try AdmissionReview.read(body) } catch { return try malformed(error, note: note) }
        var context: DecisionContext
        do {
            context = try AdmitUseCase.context(review, settings: settings)
            if let tenant {
                do { try context.set("tenant", tenant) } catch {
                    throw AdmissionReviewProblem(uid: review.uid, .badContext(error.reason))
                }
            }
        } catch {
            return try malformed(error, note: note)
        }
        let action = context.value(of: "action") ?? "change"
        let zone = clock.zone ?? .utc
        let question = GateUseCase.Question(instant: instant, zone: zone, today: configuration.fixedToday, decision: context)
        note.today = question.today.iso
        if let exempt = AdmitUseCase.exemption(review, settings: settings, scopes: version.overridable.map(\.scope)) {
            return admitted(review, context: context, note: note,
                            AdmissionResponse(uid: review.uid, allowed: true, auditAnnotations: [("calpolicy.dev/exempt", exempt)]))
        }
        if let decisions, decisions.required, !decisions.healthy {
            throw Failure(.decisionLogUnavailable,
                          message: "the decision log is not taking lines (full or failing); decisions are refused (--decision-log-required)",
                          headers: [("Retry-After", "1")])
        }
        // Only the override the object names, and only if it stands, is active now and covers
        // this change: without the annotation no override applies (no change rides on a window
        // opened for another one).
        let standing = overrides.map { $0.reviewed($0.snapshot, for: version) } ?? []
        var claimed: Override?
        switch AdmitUseCase.claimedOverride(id: review.annotations[AdmissionSettings.overrideAnnotation], overrides: standing,
                                            context: context, instant: instant) {
        case nil: break
        case .success(let override)?: claimed = override
        case .failure(let refusal)?:
            let id = review.annotations[AdmissionSettings.overrideAnnotation] ?? ""
            return admitted(review, context: context, note: note, AdmissionResponse(
                uid: review.uid, allowed: false,
                message: "\(action) refused: \(refusal.message); remove the annotation or name an active override",
                auditAnnotations: [("calpolicy.dev/override", id)]))
        }
        let builtIns: [any DayPolicy]
        do { builtIns = try BuiltInPolicies.resolve(configuration.defaults) } catch { throw translate(.request(error)) }
        let verdict: AdmitUseCase.Verdict
        do {
            verdict = try withPolicies(version, deadline: deadline, retire: retire) { policies throws(RequestFailure) in
                try AdmitUseCase.decide(question, action: action, policies: policies + builtIns, names: version.paths,
                                        override: claimed)
            } failure: { error in
                if case .policy(let policyError) = error {
                    metrics.policyError(stack: version.name, kind: policyError.kind == .timeout ? "timeout" : "policy")
                }
                return translate(error)
            }
        } catch let failure as Failure {
            // No answer from the policies is no permission: a refusal saying why, which the
            // user sees (a 5xx would be refused by failurePolicy too, but without a reason).
            note.failure = failure
            return admitted(review, context: context, note: note, AdmissionResponse(
                uid: review.uid, allowed: false, message: "\(action) refused: the policies could not decide: \(failure.message)"))
        }
        var annotations: [(key: String, value: String)] = []
        if let policy = verdict.policy { annotations.append(("calpolicy.dev/policy", policy)) }
        if let id = verdict.overrideID { annotations.append(("calpolicy.dev/override", id)) }
        return admitted(review, context: context, note: note, AdmissionResponse(
            uid: review.uid, allowed: verdict.allowed, message: verdict.message, auditAnnotations: annotations,
            warnings: verdict.warnings))
    }

    /// A review read but not decided as asked (no uid: a 400, counted either way).
    private func malformed(_ error: any Error, note: RequestNote) throws -> HTTPResponse {
        let problem = error as? AdmissionReviewProblem ?? AdmissionReviewProblem(.notJSON(String(describing: error)))
        metrics.admitReview("malformed")
        guard let uid = problem.uid else {
            throw Failure(.badRequest, message: problem.reason)
        }
        let response = AdmissionResponse(uid: uid, allowed: false, message: "malformed AdmissionReview: " + problem.reason)
        note.admission = .object([("uid", .string(uid)), ("allowed", .bool(false)), ("malformed", .string(problem.reason))])
        return Self.json(200, JSONWriter.write(response.json), extra: [("Cache-Control", "no-store")])
    }

    /// The answer to a review that was read: counted, and what the decision log records of it
    /// (the uid, the change, the context, whether a dry run, the answer).
    private func admitted(_ review: AdmissionReview, context: DecisionContext, note: RequestNote,
                          _ response: AdmissionResponse) -> HTTPResponse {
        metrics.admitReview(response.allowed ? "allowed" : "denied")
        var fields: [(String, JSONValue)] = [
            ("uid", .string(review.uid)), ("operation", .string(review.operation.rawValue)), ("kind", .string(review.kind)),
            ("namespace", .optional(review.namespace)), ("name", .optional(review.name)), ("dryRun", .bool(review.dryRun)),
            ("context", .object(context.entries.map { ($0.key, .string($0.value)) })),
            ("allowed", .bool(response.allowed)),
        ]
        if let message = response.message { fields.append(("message", .string(TerminalText.line(message)))) }
        if !response.auditAnnotations.isEmpty {
            fields.append(("auditAnnotations", .object(response.auditAnnotations.map { ($0.key, .string($0.value)) })))
        }
        if !response.warnings.isEmpty { fields.append(("warnings", .array(response.warnings.map(JSONValue.string)))) }
        note.admission = .object(fields)
        return Self.json(200, JSONWriter.write(response.json), extra: [("Cache-Control", "no-store")])
    }
}
