import CalendarCore

/// `POST /v1/admit`: may this Kubernetes change go ahead now? The review's context
/// (`AdmissionReview`, `AdmissionAction`), asked of the stack's gate at the instant given (the
/// server's clock), with at most the one override the object's `calpolicy.dev/override`
/// annotation names, and only when it is active and covers the change: without the annotation
/// no override applies, so no change slips through a window opened for another.
public enum AdmitUseCase {
    /// The answer, before it is written as an `AdmissionReview` response.
    public struct Verdict: Equatable, Sendable {
        public var allowed: Bool
        /// Why not (one line), for `status.message`.
        public var message: String?
        /// The policy that closed it, and the override that opened (or failed to open) it.
        public var policy: String?
        public var overrideID: String?
        /// Open now, closing within `warningWindow`: "freeze starts in 1h 35m: REASON".
        public var warnings: [String] = []
        /// Let through without asking the policies, and why (an exempt namespace, a DELETE).
        public var exempt: String?
    }

    /// How soon a coming closure is warned of.
    public static let warningWindow: Int64 = 2 * 3600

    /// The decision context of a review: namespace, cluster, service, action, actor, labels.
    public static func context(_ review: AdmissionReview, settings: AdmissionSettings) throws(AdmissionReviewProblem) -> DecisionContext {
        var context = DecisionContext()
        let labels = review.labels
        var entries: [(String, String?)] = [
            ("namespace", review.namespace), ("cluster", settings.cluster), ("service", labels[settings.serviceLabel]),
            ("action", AdmissionAction.of(review)), ("actor", review.username),
        ]
        entries += labels.sorted { $0.key < $1.key }.map { ("labels." + $0.key, $0.value) }
        do {
            for case (let key, let value?) in entries where !value.isEmpty { try context.set(key, value) }
        } catch {
            throw AdmissionReviewProblem(uid: review.uid, .badContext(error.reason))
        }
        return context
    }

    /// Why the review is let through unasked, or nil when the policies decide: a namespace of
    /// `exemptNamespaces` or a DELETE, unless a policy's scope names that namespace (or the
    /// action `delete`) in its include list by its exact name. A glob or an unscoped policy does
    /// not count: an exemption is lifted only by a policy written for it.
    public static func exemption(_ review: AdmissionReview, settings: AdmissionSettings, scopes: [DecisionScope?]) -> String? {
        let includes = scopes.compactMap { $0?.include }
        if let namespace = review.namespace, settings.exemptNamespaces.contains(namespace),
           !includes.contains(where: { $0["namespace"]?.contains(namespace) == true }) {
            return "namespace '\(namespace)' is exempt (--admit-exempt-namespaces)"
        }
        if review.operation == .delete, !includes.contains(where: { $0["action"]?.contains("delete") == true }) {
            return "deletions are let through unless a policy's scope names action 'delete'"
        }
        return nil
    }

    /// The override the annotation claims, checked: nil without the annotation, else the one
    /// override to apply, or why the claim is refused (unknown, not active, not covering).
    public static func claimedOverride(id: String?, overrides: [Override], context: DecisionContext,
                                       instant: Int64) -> Result<Override, OverrideClaimRefusal>? {
        guard let id else { return nil }
        guard let override = overrides.first(where: { $0.id == id }) else { return .failure(.unknown(id)) }
        guard override.isActive(at: instant) else { return .failure(.inactive(id, override.state(at: instant))) }
        guard override.applies(to: context) else { return .failure(.notCovering(id)) }
        return .success(override)
    }

    /// The gate at the question's instant, with `override` (when claimed and valid) lifting what
    /// it may. `names`: the stack's policies as answers name them (by index; built-ins have none).
    public static func decide(_ question: GateUseCase.Question, action: String, policies: [any DayPolicy], names: [String],
                              override: Override?) throws(RequestFailure) -> Verdict {
        let overrides = override.map { [$0] } ?? []
        let state = try GateUseCase.run(question, policies: policies, overrides: overrides)
        let applied = state.override.flatMap { $0.applied ? $0.override.id : nil }
        func name(_ span: ClosedSpan?) -> String? {
            span.flatMap { $0.policyIndex < names.count ? names[$0.policyIndex] : nil }
        }
        if state.isClosed {
            let until = state.until.map { " until " + question.zone.iso($0) } ?? " for at least a year"
            var message = "\(action) blocked by \(state.closing?.reason ?? "closed time")\(until)"
            if let policy = name(state.closing) { message += " (\(policy))" }
            if let note = state.override, !note.applied {
                message += "; override '\(note.override.id)' does not lift it" + (note.why.map { " (\($0))" } ?? "")
            }
            return Verdict(allowed: false, message: message, policy: name(state.closing),
                           overrideID: state.override?.override.id)
        }
        var verdict = Verdict(allowed: true, overrideID: applied)
        if let until = state.until, until - question.instant <= warningWindow {
            // What closes then: the gate asked at that instant (the same today and context).
            var next = question
            next.instant = until
            let coming = try GateUseCase.run(next, policies: policies, overrides: overrides)
            let reason = coming.closing?.reason ?? "closed time"
            verdict.warnings = ["freeze starts in \(duration(until - question.instant)): \(reason)"]
        }
        return verdict
    }

    /// `1h 35m`, `2h`, `40m`: whole minutes, rounded up (a warning never says less than is left).
    public static func duration(_ seconds: Int64) -> String {
        let minutes = (max(0, seconds) + 59) / 60
        let (hours, rest) = (minutes / 60, minutes % 60)
        if hours == 0 { return "\(rest)m" }
        return rest == 0 ? "\(hours)h" : "\(hours)h \(rest)m"
    }
}

/// Why the override an object's `calpolicy.dev/override` annotation names does not count.
public enum OverrideClaimRefusal: Error, Equatable, Sendable {
    /// No override of that id stands for this stack (none, or refused by its policies' rules).
    case unknown(String)
    case inactive(String, OverrideState)
    /// Active, but its scope does not cover this change.
    case notCovering(String)

    public var message: String {
        switch self {
        case .unknown(let id):
            "override '\(InputEcho.cut(id))' (annotation \(AdmissionSettings.overrideAnnotation)) is not a standing override of this stack"
        case .inactive(let id, let state):
            "override '\(InputEcho.cut(id))' (annotation \(AdmissionSettings.overrideAnnotation)) is \(state == .future ? "not active yet" : state.rawValue)"
        case .notCovering(let id):
            "override '\(InputEcho.cut(id))' (annotation \(AdmissionSettings.overrideAnnotation)) does not cover this change (its scope)"
        }
    }
}
