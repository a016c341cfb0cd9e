import CalPolicyRequests
import CalendarCore
import Foundation
import MHDHost

/// Parsing `/v1/admit`'s flags (declared in `ServeOptions.swift`).
extension AdmitOptions {
    static func parse(_ parsed: RequestValues) throws(RequestError) -> AdmissionSettings {
        var settings = AdmissionSettings()
        if let text = parsed.value(cluster) {
            guard !text.isEmpty else { throw RequestError(cluster, value: text, reason: "expected a cluster name") }
            settings.cluster = text
        }
        if let text = parsed.value(serviceLabel) {
            guard DecisionContext.isLabelName(text) else {
                throw RequestError(serviceLabel, value: text, reason: "expected a label name: 1 to 253 of A-Z a-z 0-9 . _ / -")
            }
            settings.serviceLabel = text
        }
        if let text = parsed.value(exemptNamespaces) {
            settings.exemptNamespaces = text.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) }
                .filter { !$0.isEmpty }
        }
        if let text = parsed.value(maxBody) { settings.maxBody = try bytes(text) }
        return settings
    }

    /// `4194304`, `4MiB`, `4M`, `512KiB`, `512K`: 64 KiB to 64 MiB (a review is a whole object
    /// and its old version; the API server itself refuses requests past 3 MiB of object).
    static func bytes(_ text: String) throws(RequestError) -> Int {
        let units: [(String, Int)] = [("MiB", 1 << 20), ("KiB", 1 << 10), ("M", 1 << 20), ("K", 1 << 10)]
        let (digits, scale) = units.first { text.hasSuffix($0.0) }.map { (String(text.dropLast($0.0.count)), $0.1) } ?? (text, 1)
        guard let number = Int(digits), number > 0, number <= (64 << 20) / scale, number * scale >= 64 << 10 else {
            throw RequestError(maxBody, value: text, reason: "expected a size from 64KiB to 64MiB (bytes, or with K, KiB, M, MiB)")
        }
        return number * scale
    }
}
