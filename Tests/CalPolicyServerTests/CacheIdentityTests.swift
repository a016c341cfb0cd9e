import CalPolicyRequests
import CalendarCore
import Foundation
import MHDHost
import Rendering
import Testing
@testable import CalPolicyServer

/// The response cache's identity: a key holds every ingredient of the question and a hit
/// compares it in full, so two questions never share an answer or an ETag, even when their
/// hashes collide (found offline against the 64-bit FNV-1a key in ~30 minutes).
@Suite struct CacheIdentityTests {
    func entry(_ text: String) -> ResponseCache.Entry {
        .init(status: 200, body: Array(text.utf8), contentType: "application/json", etag: "\"\(text)\"")
    }

    /// Keys that all land in one bucket (a constant hash), including keys one a prefix of
    /// another, canonically-equivalent texts (Swift's `==` on `String` would merge them) and
    /// invalid UTF-8: each gets its own answer back, and replacing one leaves the others.
    @Test func keysInOneBucketKeepTheirOwnAnswers() {
        let cache = ResponseCache(capacity: 1000, hash: { _ in 7 })
        var keys: [[UInt8]] = [[], [0], [0, 0], [0xFF], [0xFE], Array("é".utf8), Array("e\u{301}".utf8),
                               Array("\u{212B}".utf8), Array("\u{00C5}".utf8), Array("A\u{30A}".utf8)]
        for n in 0..<200 { keys.append(Array("question \(n)".utf8)) }
        for n in 0..<50 { keys.append([UInt8](repeating: 0x61, count: n)) }
        let unique = Array(Set(keys))
        for (index, key) in unique.enumerated() { cache.put(CacheKey(bytes: key), entry("answer \(index)")) }
        for (index, key) in unique.enumerated() {
            #expect(cache.get(CacheKey(bytes: key))?.body == Array("answer \(index)".utf8), "\(key)")
        }
        cache.put(CacheKey(bytes: unique[3]), entry("replaced"))
        #expect(cache.get(CacheKey(bytes: unique[3]))?.body == Array("replaced".utf8))
        #expect(cache.get(CacheKey(bytes: unique[4]))?.body == Array("answer 4".utf8))
        #expect(cache.get(CacheKey(bytes: Array("not asked".utf8))) == nil)
    }

    @Test func boundsCountKeysAndEntries() {
        let cache = ResponseCache(capacity: 100, byteCapacity: 400, hash: { _ in 0 })
        let big = CacheKey(bytes: [UInt8](repeating: 1, count: 95))
        cache.put(big, entry("x"))  // 95 + 1 bytes: under a quarter of 400
        #expect(cache.get(big) != nil)
        let bigger = CacheKey(bytes: [UInt8](repeating: 2, count: 100))
        cache.put(bigger, entry("x"))  // 101 bytes: more than a quarter, never kept
        #expect(cache.get(bigger) == nil)
        for n in 0..<4 { cache.put(CacheKey(bytes: [UInt8](repeating: UInt8(10 + n), count: 95)), entry("y")) }
        #expect(cache.get(big) == nil)  // past 400 bytes the cache started over
    }

    static func settings(_ pairs: [(OptionSpec, String)]) -> DisplaySettings {
        var values = RequestValues()
        for (option, value) in pairs { values.add(value: value, for: option) }
        return try! DisplaySettings.resolve(values, environmentLocale: "en_US", today: try! Day(iso: "2026-12-01"))
    }

    /// Every ingredient of a question, changed one at a time (and a few spellings of "absent"),
    /// makes a key of its own, and an ETag of its own.
    @Test func everyIngredientChangesTheKey() {
        struct Question {
            var stack = "default"
            var digests = [String(repeating: "a", count: 64), String(repeating: "b", count: 64)]
            var route = Router.Route.gate
            var settings: [(OptionSpec, String)] = []
            var todayGiven = false
            var query: [String: String] = ["at": "2026-12-25T10:00:00Z"]
            var body: [UInt8] = []
        }
        var variants: [(String, Question)] = [("base", Question())]
        func vary(_ name: String, _ change: (inout Question) -> Void) {
            var question = Question()
            change(&question)
            variants.append((name, question))
        }
        vary("stack") { $0.stack = "defaulT" }
        vary("stack prefix") { $0.stack = "default" + String(repeating: "a", count: 64) }
        vary("one digest") { $0.digests[1] = String(repeating: "b", count: 63) + "c" }
        vary("digest order") { $0.digests.reverse() }
        vary("a digest more") { $0.digests.append(String(repeating: "c", count: 64)) }
        vary("a digest less") { $0.digests.removeLast() }
        for route in Router.Route.allCases where route != .gate { vary("route \(route.rawValue)") { $0.route = route } }
        vary("calendar") { $0.settings = [(OptionCatalogue.calendar, "hebrew")] }
        vary("locale") { $0.settings = [(OptionCatalogue.locale, "de_DE")] }
        vary("first weekday") { $0.settings = [(OptionCatalogue.firstWeekday, "3")] }
        vary("week rule") { $0.settings = [(OptionCatalogue.weekRule, "locale")] }
        vary("today") { $0.settings = [(OptionCatalogue.today, "2026-12-02")] }
        vary("today given") { $0.todayGiven = true }
        for name in Router.Route.gate.keyNames {
            if Question().query[name] != nil { vary("\(name) absent") { $0.query[name] = nil } }
            vary("\(name) empty") { $0.query[name] = "" }
            vary("\(name) set") { $0.query[name] = "x" }
            vary("\(name) set other") { $0.query[name] = "2026-12-24T10:00:00Z" }
            vary("\(name) NFD") { $0.query[name] = "e\u{301}" }
            vary("\(name) NFC") { $0.query[name] = "\u{e9}" }
        }
        let line = Array(#"{"id": "xmas", "mode": "range", "range": ["2026-12-24", "2026-12-28"]}"#.utf8)
        vary("body") { $0.body = line }
        vary("body after a blank line") { $0.body = [0x0A] + line }
        vary("body after three blank lines") { $0.body = [0x0A, 0x0A, 0x0A] + line }
        vary("body with CRLF") { $0.body = [0x0D, 0x0A] + line }
        vary("body, trailing newline") { $0.body = line + [0x0A] }
        vary("body, spaced") { $0.body = Array(#"{"id":"xmas","mode":"range","range":["2026-12-24","2026-12-28"]}"#.utf8) }
        vary("body, keys reordered") { $0.body = Array(#"{"mode": "range", "id": "xmas", "range": ["2026-12-24", "2026-12-28"]}"#.utf8) }
        vary("body 0xFF") { $0.body = [0xFF] }
        vary("body 0xFE") { $0.body = [0xFE] }
        vary("body NUL") { $0.body = [0] }
        var seen: [CacheKey: String] = [:]
        var etags: [String: String] = [:]
        for (name, question) in variants {
            let key = CanonicalRequest.key(stack: question.stack, digests: question.digests, route: question.route,
                                           settings: Self.settings(question.settings), todayGiven: question.todayGiven,
                                           query: question.query, names: question.route.keyNames, body: question.body)
            if let other = seen.updateValue(name, forKey: key) { Issue.record("'\(name)' and '\(other)' share a key") }
            if let other = etags.updateValue(name, forKey: key.etag) { Issue.record("'\(name)' and '\(other)' share an ETag") }
            #expect(key.etag.count == 34 && key.etag.hasPrefix("\"") && key.etag.hasSuffix("\""))
        }
        #expect(seen.count == variants.count && variants.count > 50)
        // One question is one key: the same ingredients again.
        let again = { CanonicalRequest.key(stack: "s", digests: ["d"], route: .month, settings: Self.settings([]), todayGiven: false,
                                            query: ["month": "2026-12"], names: Router.Route.month.keyNames, body: []) }
        #expect(again() == again())
    }

    /// The key's bytes themselves, pinned: ETags are SHA-256 of them, so a cached answer's ETag
    /// (and every golden route file holding one) changes if a byte does. Each part is its UTF-8
    /// length in decimal, `:`, then its bytes: a query value as `=` + value, an absent one `-`.
    @Test func keyBytesArePinned() {
        let settings = Self.settings([(OptionCatalogue.firstWeekday, "3"), (OptionCatalogue.context, "environment=prod"),
                                      (OptionCatalogue.context, "labels.team=ops")])
        let key = CanonicalRequest.key(stack: "default", digests: ["ab", "c"], route: .month, settings: settings, todayGiven: true,
                                       query: ["month": "2026-12", "timeZone": "Europe/Zürich"],
                                       names: ["month", "stack", "timeZone"], body: Array("body\n".utf8))
        let expected = "17:calpolicy-cache-1" + "7:default" + "1:2" + "2:ab" + "1:c" + "9:/v1/month" + "9:gregorian"
            + "\(settings.localeIdentifier.utf8.count):\(settings.localeIdentifier)" + "1:3"
            + "\(settings.weekRuleName.utf8.count):\(settings.weekRuleName)" + "10:2026-12-01" + "11:today-given"
            + "5:month" + "8:=2026-12" + "5:stack" + "1:-" + "8:timeZone" + "15:=Europe/Zürich"
            + "7:context" + "1:2" + "11:environment" + "4:prod" + "11:labels.team" + "3:ops" + "5:body\n"
        #expect(String(decoding: key.bytes, as: UTF8.self) == expected)
        // `adding` takes the whole key as one part, then the new one.
        #expect(key.adding("overrides-12").bytes == Array("\(key.bytes.count):".utf8) + key.bytes + Array("12:overrides-12".utf8))
        let long = CanonicalRequest.key(stack: String(repeating: "s", count: 1234), digests: [], route: .gate, settings: settings,
                                        todayGiven: false, query: [:], names: [], body: [])
        #expect(String(decoding: long.bytes.prefix(31), as: UTF8.self) == "17:calpolicy-cache-1" + "1234:ssssss")
        #expect(String(decoding: long.bytes[1259..<1262], as: UTF8.self) == "1:0")
    }

    static func router(collide: Bool) -> Router {
        let hash: @Sendable (CacheKey) -> Int
        if collide { hash = { _ in 42 } } else { hash = { key in key.hashValue } }
        guard case .run(let configuration) = ServeArguments.parse(
            ["policies/weekends.lua", "policies/us-federal-holidays.lua", "--today", "2026-12-01", "--listen", "127.0.0.1:0"],
            cores: 2),
            case .success(let assembly) = ServerAssembly.make(configuration, cores: 1, token: nil, decisions: nil,
                                                              cacheHash: hash)
        else { fatalError("the test server did not assemble") }
        return assembly.router
    }

    func ask(_ router: Router, _ path: String, _ query: [(name: String, value: String)], body: String? = nil,
             headers: [String: String] = [:]) -> HTTPResponse {
        var headers = headers
        if body != nil { headers["content-type"] = "application/x-ndjson" }
        return router.handle(HTTPRequest(method: body == nil ? "GET" : "POST", path: path, query: query, headers: headers,
                                         body: Array((body ?? "").utf8)))
    }

    func etag(_ response: HTTPResponse) -> String? { response.headers.first { $0.name == "ETag" }?.value }

    /// The attack, with every key forced into one bucket: the closed question (25 December)
    /// and open ones asked in turn, each in both orders, get what a fresh server answers; an
    /// ETag of one never gets a 304 for another. Revalidate bodies differing only in blank
    /// lines get their own line numbers.
    @Test func collidingQuestionsGetTheirOwnAnswers() {
        let questions: [[(name: String, value: String)]] = [
            [("at", "2026-12-25T10:00:00Z")], [("at", "2026-12-24T10:00:00Z")], [("at", "2026-12-26T10:00:00Z")],
            [("at", "2026-12-25T10:00:00Z"), ("timeZone", "Europe/Berlin")], [("at", "2026-12-28T10:00:00Z")],
            [("at", "2026-12-24T10:00:00Z"), ("today", "2026-12-20")], [("at", "2026-12-24T23:30:00Z"), ("timeZone", "Pacific/Auckland")],
        ]
        let fresh = Self.router(collide: false)
        let expected = questions.map { ask(fresh, "/v1/gate", $0).body }
        #expect(Set(expected).count >= 3, "the questions should not all have one answer")
        #expect(expected[0] != expected[1])
        for order in [Array(questions.indices), Array(questions.indices.reversed())] {
            let colliding = Self.router(collide: true)
            var tags: [Int: String] = [:]
            for _ in 0..<2 {
                for index in order {
                    let response = ask(colliding, "/v1/gate", questions[index])
                    #expect(response.status == 200 && response.body == expected[index], "\(questions[index])")
                    tags[index] = etag(response)
                }
            }
            #expect(Set(tags.values).count == questions.count)
            for (index, tag) in tags {
                for other in questions.indices where other != index {
                    let response = ask(colliding, "/v1/gate", questions[other], headers: ["if-none-match": tag])
                    #expect(response.status == 200 && response.body == expected[other], "\(questions[other]) with \(tag)")
                }
                #expect(ask(colliding, "/v1/gate", questions[index], headers: ["if-none-match": tag]).status == 304)
            }
        }
        let line = #"{"id": "xmas", "mode": "range", "range": ["2026-12-24", "2026-12-28"]}"#
        let bodies = [line, "\n" + line, "\n\n\n" + line, line + "\n", "\n\n\n" + line + "\n\n"]
        let answers = bodies.map { ask(fresh, "/v1/revalidate", [], body: $0).body }
        let colliding = Self.router(collide: true)
        for (index, body) in bodies.enumerated() {
            let response = ask(colliding, "/v1/revalidate", [], body: body)
            #expect(response.status == 200 && response.body == answers[index], "\(body.debugDescription)")
        }
    }
}
