import CalendarCore

/// Why an `AdmissionReview` could not be answered as a question. The webhook fails closed: a
/// problem is a refusal (`allowed: false`) when the review's `request.uid` could be read, else an
/// error status the API server counts as a failed call (then `failurePolicy: Fail` refuses).
public struct AdmissionReviewProblem: Error, Equatable, Sendable {
    public enum Fault: Equatable, Sendable {
        /// Not strict JSON, or nested deeper than the reader goes (the reader's words).
        case notJSON(String)
        case notAnObject
        case wrongAPIVersion(String?)
        case wrongKind(String?)
        case noRequest
        case noUID
        /// A field of the wrong type or missing: its path and what it must be.
        case badField(path: String, expected: String)
        /// An operation other than CREATE, UPDATE, DELETE and CONNECT.
        case unknownOperation(String)
        /// A value the decision context refuses (a label name, a long or control-laden value).
        case badContext(String)
    }

    /// `request.uid` when it could be read: the answer must carry it back.
    public var uid: String?
    public var fault: Fault

    public init(uid: String? = nil, _ fault: Fault) {
        (self.uid, self.fault) = (uid, fault)
    }

    /// One line for the refusal's `status.message` or the 400's error.
    public var reason: String {
        switch fault {
        case .notJSON(let detail): "the AdmissionReview is not readable JSON: \(detail)"
        case .notAnObject: "the AdmissionReview is not a JSON object"
        case .wrongAPIVersion(let version):
            "apiVersion is \(version.map { "'\(InputEcho.cut($0))'" } ?? "missing"); this webhook takes admission.k8s.io/v1"
        case .wrongKind(let kind): "kind is \(kind.map { "'\(InputEcho.cut($0))'" } ?? "missing"); expected AdmissionReview"
        case .noRequest: "the AdmissionReview has no request object"
        case .noUID: "request.uid is missing or empty"
        case .badField(let path, let expected): "\(path) must be \(expected)"
        case .unknownOperation(let operation): "request.operation '\(InputEcho.cut(operation))' is not CREATE, UPDATE, DELETE or CONNECT"
        case .badContext(let reason): "the request does not fit a decision context: \(reason)"
        }
    }
}
