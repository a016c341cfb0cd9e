import CalPolicyRequests
import Foundation
import MHDHost

/// `POST /v1/select`'s JSON body, read into the request's values under the catalogue's
/// options (`taps` fills `tap`, `limits.maxCount` fills `max-count`, …), so the selection
/// request is checked by the same code as `select`'s command line.
enum SelectBody {
    static func read(_ request: HTTPRequest, into values: inout RequestValues) throws {
        try RequestBody.check(request, accepts: { $0 == "application/json" || $0.hasSuffix("+json") },
                              expected: "JSON (Content-Type: application/json)")
        let object: [String: Any]
        do {
            guard let parsed = try JSONSerialization.jsonObject(with: Data(request.body)) as? [String: Any] else {
                throw Router.Failure(.badRequest, message: "the body must be a JSON object")
            }
            object = parsed
        } catch let failure as Router.Failure {
            throw failure
        } catch {
            throw Router.Failure(.badRequest, message: "the body is not valid JSON")
        }
        let known: Set<String> = ["mode", "selection", "pending", "taps", "rangeRule", "limits", "context"]
        for key in object.keys.sorted() where !known.contains(key) {
            throw Router.Failure(.badRequest,
                          message: "unknown field '\(key)'; expected \(known.sorted().joined(separator: ", "))", parameter: key)
        }
        func string(_ value: Any, _ field: String) throws -> String {
            guard let text = value as? String else {
                throw Router.Failure(.badRequest, message: "'\(field)' must be a string", parameter: field)
            }
            return text
        }
        func strings(_ value: Any, _ field: String) throws -> [String] {
            guard let list = value as? [Any] else {
                throw Router.Failure(.badRequest, message: "'\(field)' must be an array of dates", parameter: field)
            }
            return try list.map { try string($0, field) }
        }
        if let context = object["context"], !(context is NSNull) {
            guard let fields = context as? [String: Any] else {
                throw Router.Failure(.badRequest, message: "'context' must be an object of strings", parameter: "context")
            }
            do {
                let entries = try ContextFile.entries(fields, option: OptionCatalogue.context)
                values.set(values.all(OptionCatalogue.context.name) + entries, for: OptionCatalogue.context)
            } catch {
                throw Router.Failure(.badRequest, message: error.message(.api), parameter: "context")
            }
        }
        if let mode = object["mode"], !(mode is NSNull) { values.add(value: try string(mode, "mode"), for: OptionCatalogue.mode) }
        if let taps = object["taps"], !(taps is NSNull) {
            for tap in try strings(taps, "taps") { values.add(value: tap, for: OptionCatalogue.tap) }
        }
        if let selection = object["selection"], !(selection is NSNull) {
            for day in try strings(selection, "selection") { values.add(value: day, for: OptionCatalogue.selection) }
        }
        if let pending = object["pending"], !(pending is NSNull) {
            values.add(value: try string(pending, "pending"), for: OptionCatalogue.pending)
        }
        if let rule = object["rangeRule"], !(rule is NSNull) {
            values.add(value: try string(rule, "rangeRule"), for: OptionCatalogue.rangeRule)
        }
        if let limits = object["limits"], !(limits is NSNull) {
            guard let limits = limits as? [String: Any] else {
                throw Router.Failure(.badRequest, message: "'limits' must be an object", parameter: "limits")
            }
            for (field, option) in [("minLength", OptionCatalogue.minLength), ("maxLength", OptionCatalogue.maxLength),
                                    ("maxCount", OptionCatalogue.maxCount)] {
                guard let value = limits[field], !(value is NSNull) else { continue }
                guard !(value is Bool), let number = value as? NSNumber,
                      number.doubleValue == number.doubleValue.rounded(), abs(number.doubleValue) < 1e15 else {
                    throw Router.Failure(.badRequest, message: "'limits.\(field)' must be an integer",
                                  parameter: "limits.\(field)")
                }
                values.add(value: String(number.int64Value), for: option)
            }
        }
    }

    /// Whether the body names a `context` (then the request's settings are resolved again).
    static func hasContext(_ request: HTTPRequest) -> Bool {
        guard let object = try? JSONSerialization.jsonObject(with: Data(request.body)) as? [String: Any] else { return false }
        return object["context"] != nil && !(object["context"] is NSNull)
    }
}
