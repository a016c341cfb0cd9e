import CalPolicyRequests
import Foundation
import Rendering

/// `/v1/status`'s `bundle` object and the `calpolicy_bundle_*` lines of `/metrics`
/// (docs/bundles.md, "Serving from a bundle").
extension Router {
    func bundleStatus() -> JSONValue {
        guard let bundles else { return .null }
        let state = bundles.snapshot
        let formatter = ISO8601DateFormatter()
        func date(_ value: Date?) -> JSONValue { value.map { .string(formatter.string(from: $0)) } ?? .null }
        let error: JSONValue = state.lastError.map { failure in
            .object([("code", .string(failure.code)), ("message", .string(failure.message)),
                     ("httpStatus", failure.httpStatus.map { .int($0) } ?? .null), ("at", date(failure.at))])
        } ?? .null
        let served = DataVersions.current
        return .object([
            ("url", .string(state.url)),
            ("signed", .bool(state.signed)),
            ("activeRevision", .optional(state.activeRevision)),
            ("sha256", .optional(state.activeDigest)),
            ("fromPersisted", .bool(state.fromPersisted)),
            ("lastRequest", date(state.lastRequest)),
            ("lastSuccessfulDownload", date(state.lastSuccessfulDownload)),
            ("lastSuccessfulActivation", date(state.lastSuccessfulActivation)),
            ("lastError", error),
            ("activations", .int(state.activations)),
            ("refusals", .int(state.refusals)),
            // The data the bundle was built against, beside the data this server decides with.
            ("data", .object([
                ("bundle", .object([("tzdata", .optional(state.tzdata)), ("holidays", .optional(state.holidays))])),
                ("server", .object([("tzdata", .optional(served.tzdata)), ("holidays", .optional(served.holidays))])),
            ])),
        ])
    }

    func bundleMetrics(_ out: inout PrometheusText) {
        guard let bundles else { return }
        let state = bundles.snapshot
        out.family("calpolicy_bundle_active", .gauge, help: "1 while a bundle is live (until then decisions are refused).")
        out.sample("calpolicy_bundle_active", state.activeRevision == nil ? 0 : 1, labels: ["url": state.url])
        if let revision = state.activeRevision {
            out.family("calpolicy_bundle_info", .gauge, help: "The live bundle's revision and the data versions its manifest names.")
            out.sample("calpolicy_bundle_info", 1, labels: ["url": state.url, "active_revision": revision,
                                                           "tzdata": state.tzdata ?? "", "holidays": state.holidays ?? ""])
        }
        func stamp(_ name: String, _ help: String, _ date: Date?) {
            out.family(name, .gauge, help: help)
            out.sample(name, date.map { Int($0.timeIntervalSince1970) } ?? 0, labels: ["url": state.url])
        }
        stamp("calpolicy_bundle_last_request_timestamp_seconds", "When the bundle server was last asked (0: never).",
              state.lastRequest)
        stamp("calpolicy_bundle_last_successful_download_timestamp_seconds",
              "When a bundle was last downloaded whole (a 304 is not a download; 0: never).", state.lastSuccessfulDownload)
        stamp("calpolicy_bundle_last_successful_activation_timestamp_seconds",
              "When a bundle last went live (0: not since start).", state.lastSuccessfulActivation)
        out.family("calpolicy_bundle_activations_total", .counter, help: "Bundles that went live since start.")
        out.sample("calpolicy_bundle_activations_total", state.activations, labels: ["url": state.url])
        out.family("calpolicy_bundle_failures_total", .counter, help: "Pulls that failed or bundles refused since start.")
        out.sample("calpolicy_bundle_failures_total", state.refusals, labels: ["url": state.url])
        if let failure = state.lastError {
            out.family("calpolicy_bundle_last_error_info", .gauge, help: "The last failure: its code and the HTTP status, if any.")
            out.sample("calpolicy_bundle_last_error_info", Int(failure.at.timeIntervalSince1970),
                       labels: ["url": state.url, "code": failure.code, "http_status": failure.httpStatus.map(String.init) ?? ""])
        }
    }
}
