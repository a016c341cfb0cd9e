/// An `admission.k8s.io/v1` `AdmissionReview` answer: the request's uid, allowed or not, and
/// for a refusal a 403 status with one line; audit annotations the API server writes into its
/// audit log, and warnings kubectl shows the user.
public struct AdmissionResponse: Equatable, Sendable {
    public var uid: String
    public var allowed: Bool
    public var message: String?
    /// In order; keys are `calpolicy.dev/...`.
    public var auditAnnotations: [(key: String, value: String)]
    public var warnings: [String]

    public init(uid: String, allowed: Bool, message: String? = nil, auditAnnotations: [(key: String, value: String)] = [],
                warnings: [String] = []) {
        (self.uid, self.allowed, self.message, self.auditAnnotations, self.warnings) =
            (uid, allowed, message, auditAnnotations, warnings)
    }

    public static func == (lhs: AdmissionResponse, rhs: AdmissionResponse) -> Bool {
        lhs.uid == rhs.uid && lhs.allowed == rhs.allowed && lhs.message == rhs.message && lhs.warnings == rhs.warnings
            && lhs.auditAnnotations.map(\.key) == rhs.auditAnnotations.map(\.key)
            && lhs.auditAnnotations.map(\.value) == rhs.auditAnnotations.map(\.value)
    }

    public var json: JSONValue {
        var response: [(String, JSONValue)] = [("uid", .string(uid)), ("allowed", .bool(allowed))]
        if !allowed {
            // The API server shows status.message to the user whose change was refused: one
            // line, whatever a policy's reason holds.
            response.append(("status", .object([("code", .int(403)),
                                                ("message", .string(TerminalText.line(message ?? "refused")))])))
        }
        if !auditAnnotations.isEmpty {
            response.append(("auditAnnotations", .object(auditAnnotations.map { ($0.key, .string($0.value)) })))
        }
        if !warnings.isEmpty { response.append(("warnings", .array(warnings.map { .string(TerminalText.line($0)) }))) }
        return .object([("apiVersion", .string("admission.k8s.io/v1")), ("kind", .string("AdmissionReview")),
                         ("response", .object(response))])
    }
}
