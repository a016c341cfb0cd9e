/// Every error code the HTTP API answers with, and the status it goes with: the one table of
/// them (docs/http-api.md, "Errors"), so a code is never spelt twice and never sent with
/// another status than the one documented.
enum APIError: String, CaseIterable, Sendable {
    case badRequest = "bad_request"
    case unauthorized
    case forbidden
    case tenantMismatch = "tenant_mismatch"
    case notFound = "not_found"
    case unknownStack = "unknown_stack"
    case methodNotAllowed = "method_not_allowed"
    case payloadTooLarge = "payload_too_large"
    case unsupportedMediaType = "unsupported_media_type"
    case selectionRefused = "selection_refused"
    case noBusinessDay = "no_business_day"
    case noCommonOpenDay = "no_common_open_day"
    case headerFieldsTooLarge = "header_fields_too_large"
    case policyError = "policy_error"
    case internalError = "internal"
    case policyTimeout = "policy_timeout"
    case deadlineExceeded = "deadline_exceeded"
    case overloaded
    case decisionLogUnavailable = "decision_log_unavailable"
    case stopping
    case overrideRefused = "override_refused"
    case overrideExists = "override_exists"
    case overridesReadOnly = "overrides_read_only"
    case noOverrides = "no_overrides"
    case noBundle = "no_bundle"

    /// The code as the error body writes it (`{"error": {"code": ...}}`).
    var code: String { rawValue }

    var status: Int {
        switch self {
        case .badRequest: 400
        case .unauthorized: 401
        case .forbidden, .tenantMismatch: 403
        case .notFound, .unknownStack, .noOverrides: 404
        case .methodNotAllowed: 405
        case .payloadTooLarge: 413
        case .unsupportedMediaType: 415
        case .selectionRefused, .noBusinessDay, .noCommonOpenDay, .overrideRefused: 422
        case .overrideExists, .overridesReadOnly: 409
        case .headerFieldsTooLarge: 431
        case .policyError, .internalError: 500
        case .policyTimeout, .deadlineExceeded, .overloaded, .decisionLogUnavailable, .stopping, .noBundle: 503
        }
    }
}
