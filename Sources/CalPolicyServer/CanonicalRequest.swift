import CalPolicyRequests
import Foundation
import Rendering

/// The cache key and ETag of a document request, computed from what the request means, not
/// how it was spelled: the stack version, the route, the display settings as resolved
/// (calendar, locale, first weekday, week rule, today: so `calendar=gregorian` and no
/// `calendar` are one question when gregorian is the default), each route parameter given
/// (the query holds each at most once: a repeated one was refused), and the body of a
/// select. `names` are the route's parameter names, each once, sorted (`Route.keyNames`).
/// Every part is length-prefixed, so no two different questions make the same text.
enum CanonicalRequest {
    static func key(version: StackVersion, route: Router.Route, settings: DisplaySettings, query: [String: String],
                    names: [String], body: [UInt8]) -> String {
        // Hashed part by part: the same bytes as the parts length-prefixed and joined.
        var hasher = FNV.Hasher64()
        for part in [version.name, version.version, route.rawValue, settings.calendar.rawValue, settings.localeIdentifier,
                     String(settings.firstWeekday), settings.weekRuleName, settings.today.iso] {
            hasher.addPart(part)
        }
        for name in names {
            hasher.addPart(name)
            if let value = query[name] { hasher.addPart(value, prefix: "=") } else { hasher.addPart("-") }
        }
        hasher.addPart(canonicalBody(body))
        return hasher.hex
    }


    /// A JSON body with its keys sorted and its spacing dropped (the raw bytes when it is not JSON).
    static func canonicalBody(_ body: [UInt8]) -> String {
        guard !body.isEmpty else { return "" }
        if let value = try? JSONSerialization.jsonObject(with: Data(body), options: [.fragmentsAllowed]),
           let data = try? JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed, .sortedKeys]) {
            return "json:" + String(decoding: data, as: UTF8.self)
        }
        return "raw:" + String(decoding: body, as: UTF8.self)
    }
}
