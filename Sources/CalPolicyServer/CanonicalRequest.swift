import CalendarData
import CalPolicyRequests
import Foundation
import Rendering

/// The cache key of a document request: every ingredient its answer depends on, as bytes, so
/// a cache hit is a byte-for-byte comparison of the whole question (never a hash compared in
/// place of the question). The ingredients: the stack's name and each policy's full SHA-256
/// (not the 16-digit version), the route, the display settings as resolved (calendar, locale,
/// first weekday, week rule, today: so `calendar=gregorian` and no `calendar` are one question
/// when gregorian is the default), whether `today` was given (`/v1/gate` without it takes the
/// day of `at`), each route parameter given (the query holds each at most once: a repeated one
/// was refused), and the body's bytes exactly as sent (a revalidate answer names line numbers,
/// so blank lines are part of the question). Every part is length-prefixed, so no two
/// different questions make the same bytes. Bytes, not a `String`: Swift compares strings by
/// canonical equivalence, so `é` and `e` + U+0301 would be one key.
struct CacheKey: Hashable, Sendable {
    let bytes: [UInt8]

    /// The strong ETag of an answer to this question: SHA-256 of the key, 128 bits in hex. The
    /// key holds everything the answer depends on, so one key has one answer.
    var etag: String { "\"" + SHA256.hex(bytes).prefix(32) + "\"" }

    /// The key with one more part (length-prefixed like the others).
    func adding(_ part: String) -> CacheKey {
        var builder = CanonicalRequest.Builder()
        builder.add(bytes)
        builder.add(part)
        return CacheKey(bytes: builder.bytes)
    }
}

enum CanonicalRequest {
    static func key(version: StackVersion, route: Router.Route, settings: DisplaySettings, todayGiven: Bool,
                    query: [String: String], names: [String], body: [UInt8]) -> CacheKey {
        key(stack: version.name, digests: version.digests, route: route, settings: settings, todayGiven: todayGiven,
            query: query, names: names, body: body)
    }

    static func key(stack: String, digests: [String], route: Router.Route, settings: DisplaySettings, todayGiven: Bool,
                    query: [String: String], names: [String], body: [UInt8]) -> CacheKey {
        // Written part by part into one buffer: every cached answer builds its key, and a
        // `String` and an array per part, plus an array of the parts, cost more than the lookup.
        var builder = Builder()
        builder.add("calpolicy-cache-1")
        builder.add(stack)
        builder.add(decimal: digests.count)
        for digest in digests { builder.add(digest) }
        builder.add(route.rawValue)
        builder.add(settings.calendar.rawValue)
        builder.add(settings.localeIdentifier)
        builder.add(decimal: settings.firstWeekday)
        builder.add(settings.weekRuleName)
        builder.add(settings.today.iso)
        builder.add(todayGiven ? "today-given" : "today-now")
        for name in names {
            builder.add(name)
            if let value = query[name] { builder.add(value, after: UInt8(ascii: "=")) } else { builder.add("-") }
        }
        // The decision's context as resolved (so two spellings of one context share an answer and
        // two contexts never do); nothing when there is none, so those keys are what they were.
        if !settings.decision.isEmpty {
            let context = settings.decision.entries
            builder.add("context")
            builder.add(decimal: context.count)
            for entry in context { builder.add(entry.key); builder.add(entry.value) }
        }
        builder.add(body)
        return CacheKey(bytes: builder.bytes)
    }

    /// Parts as `"\(count):"` (the part's UTF-8 length in decimal) then the part's bytes.
    struct Builder {
        private(set) var bytes: [UInt8] = []

        init() { bytes.reserveCapacity(256) }

        mutating func add(_ text: String) {
            prefix(text.utf8.count)
            append(text)
        }

        /// One part: `first` then `text`'s bytes (`=` + a query value).
        mutating func add(_ text: String, after first: UInt8) {
            prefix(text.utf8.count + 1)
            bytes.append(first)
            append(text)
        }

        /// `text`'s UTF-8, copied in one step when the string is contiguous (a native one is).
        private mutating func append(_ text: String) {
            let copied = text.utf8.withContiguousStorageIfAvailable { bytes.append(contentsOf: $0) }
            if copied == nil { bytes.append(contentsOf: text.utf8) }
        }

        /// The part `String(number)` would be.
        mutating func add(decimal number: Int) {
            prefix(Self.digitCount(number))
            JSONWriter.appendInteger(number, to: &bytes)
        }

        mutating func add(_ part: [UInt8]) {
            prefix(part.count)
            bytes.append(contentsOf: part)
        }

        private mutating func prefix(_ count: Int) {
            JSONWriter.appendInteger(count, to: &bytes)
            bytes.append(UInt8(ascii: ":"))
        }

        /// How many bytes `String(number)` has (a sign included).
        private static func digitCount(_ number: Int) -> Int {
            var count = number < 0 ? 2 : 1, rest = number.magnitude
            while rest >= 10 { rest /= 10; count += 1 }
            return count
        }
    }
}
