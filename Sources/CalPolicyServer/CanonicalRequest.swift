import Synchronization
import CalPolicyRequests
import Foundation
import Rendering

/// The cache key and ETag of a document request, computed from what the request means, not
/// how it was spelled: the stack version, the route, the display settings as resolved
/// (calendar, locale, first weekday, week rule, today: so `calendar=gregorian` and no
/// `calendar` are one question when gregorian is the default), each route parameter given
/// (the query holds each at most once: a repeated one was refused), and the body of a
/// select. Every part is length-prefixed, so no two different questions make the same text.
enum CanonicalRequest {
    static func key(version: StackVersion, route: Router.Route, settings: DisplaySettings, query: [String: String],
                    parameters: [OptionSpec], body: [UInt8]) -> String {
        // Hashed part by part: the same bytes as the parts length-prefixed and joined.
        var hasher = FNV.Hasher64()
        for part in [version.name, version.version, route.rawValue, settings.calendar.rawValue, settings.localeIdentifier,
                     String(settings.firstWeekday), settings.weekRuleName, settings.today.iso] {
            hasher.addPart(part)
        }
        for name in names(parameters) {
            hasher.addPart(name)
            if let value = query[name] { hasher.addPart(value, prefix: "=") } else { hasher.addPart("-") }
        }
        hasher.addPart(canonicalBody(body))
        return hasher.hex
    }

    /// The parameters' names, each once, sorted; the same few lists come every request, so
    /// the last one is kept.
    private static func names(_ parameters: [OptionSpec]) -> [String] {
        let names = parameters.map(\.parameter)
        return sortedNames.withLock { last in
            if let last, last.names == names { return last.sorted }
            let sorted = Set(names).sorted()
            last = (names, sorted)
            return sorted
        }
    }

    private static let sortedNames = Mutex<(names: [String], sorted: [String])?>(nil)

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
