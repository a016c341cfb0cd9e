import CalendarData
import Foundation
import MHDHost
import Testing
@testable import CalPolicyServer

/// `/v1/overrides` and overrides on `/v1/gate`, in-process: a token's rights over overrides
/// (a decide-only token posting one is 403, an override right covers only its scopes), the
/// refusals (409 read-only and exists, 422 by the policies' rules and self-approval), ending one
/// (the file kept with `endedAt`), and the cache: an override added or ended is never hidden
/// behind a cached answer or an old ETag.
@Suite(.serialized) struct OverrideRouteTests {
    static func sha(_ secret: String) -> String { SHA256.hex(Array(secret.utf8)) }

    static let tokens = """
        {"tokens": [
          {"name": "ci", "sha256": "\(sha("ci-secret"))", "rights": {"decide": ["*"]}},
          {"name": "alice", "sha256": "\(sha("alice-secret"))", "rights": {"decide": ["*"], "override": ["environment=production"]}},
          {"name": "stager", "sha256": "\(sha("stager-secret"))", "rights": {"decide": ["*"], "override": ["environment=staging"]}},
          {"name": "ops", "sha256": "\(sha("ops-secret"))", "rights": {"admin": true}}
        ]}
        """

    /// A server over the override-model stack, its overrides in a fresh folder (`writable`) or
    /// in a folder it may not write.
    static func server(writable: Bool = true) throws -> (router: Router, folder: String) {
        let folder = NSTemporaryDirectory() + "calpolicy-override-route-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        let stack = ["production-freeze", "blackout", "sundays"].map { "Tests/fixtures/override-model/\($0).lua" }
        guard case .run(let configuration) = ServeArguments.parse(stack + ["--listen", "127.0.0.1:0"], cores: 2),
              let set = try? TokenSet.parse(tokens),
              case .success(let assembly) = ServerAssembly.make(
                configuration, cores: 1, token: nil, tokens: set, decisions: nil,
                overrides: OverrideStore(folder: folder, writable: writable))
        else { throw CocoaError(.featureUnsupported) }
        return (assembly.router, folder)
    }

    static func send(_ router: Router, _ method: String, _ path: String, _ body: String = "", secret: String?,
                     query: [(name: String, value: String)] = []) -> HTTPResponse {
        var headers = ["content-type": "application/json"]
        if let secret { headers["authorization"] = "Bearer " + secret }
        return router.handle(HTTPRequest(method: method, path: path, query: query, headers: headers, body: Array(body.utf8)))
    }

    static func override(_ id: String, environment: String = "production", hours: Int = 4, approvedBy: String = "sre-lead",
                         ticket: String? = "INC-1") -> String {
        let until = ISO8601DateFormatter().string(from: Date().addingTimeInterval(Double(hours) * 3600))
        let from = ISO8601DateFormatter().string(from: Date().addingTimeInterval(-60))
        return "{\"id\": \"\(id)\", \"scope\": {\"environment\": \"\(environment)\"}, \"from\": \"\(from)\", \"until\": \"\(until)\", "
            + "\"reason\": \"hotfix\", \"approvedBy\": \"\(approvedBy)\"" + (ticket.map { ", \"ticket\": \"\($0)\"" } ?? "") + "}"
    }

    let routes = RouterTests()

    @Test func whoMayWriteWhichOverride() throws {
        let (router, folder) = try Self.server()
        let cases: [(String, String?, Int)] = [
            (Self.override("a"), nil, 401),
            (Self.override("a"), "ci-secret", 403),          // decide only
            (Self.override("a"), "ops-secret", 403),         // admin only
            (Self.override("a"), "stager-secret", 403),      // staging right, production override
            (Self.override("b", environment: "staging"), "stager-secret", 201),
            (Self.override("a"), "alice-secret", 201),
            (Self.override("a"), "alice-secret", 409),       // exists
            (Self.override("c", hours: 100), "alice-secret", 422), // longer than maxHours 72
            (Self.override("d", ticket: nil), "alice-secret", 422), // the freeze requires a ticket
            (Self.override("e", approvedBy: "alice"), "alice-secret", 422), // approves its own
            (Self.override("f", approvedBy: "intern"), "alice-secret", 422), // not a listed approver
        ]
        for (body, secret, expected) in cases {
            let response = Self.send(router, "POST", "/v1/overrides", body, secret: secret)
            #expect(response.status == expected, "\(body) with \(secret ?? "no token"): \(String(decoding: response.body, as: UTF8.self))")
        }
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".json") }.sorted()
        #expect(files == ["a.json", "b.json"])
        let written = try String(contentsOfFile: folder + "/a.json", encoding: .utf8)
        #expect(written.contains("\"requestedBy\": \"alice\""))
        #expect(Self.send(router, "GET", "/v1/overrides", secret: "ci-secret").status == 403)
        let listing = Self.send(router, "GET", "/v1/overrides", secret: "ops-secret")
        #expect(listing.status == 200)
        let listed = (routes.json(listing)["overrides"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
        #expect(listed == ["a", "b"])
        #expect(Self.send(router, "DELETE", "/v1/overrides/a", secret: "stager-secret").status == 403)
        #expect(Self.send(router, "DELETE", "/v1/overrides/zzz", secret: "alice-secret").status == 404)
        let ended = Self.send(router, "DELETE", "/v1/overrides/a", secret: "alice-secret")
        #expect(ended.status == 200)
        #expect(try String(contentsOfFile: folder + "/a.json", encoding: .utf8).contains("\"endedAt\""))
    }

    @Test func aReadOnlyFolderRefusesWrites() throws {
        let (router, _) = try Self.server(writable: false)
        let response = Self.send(router, "POST", "/v1/overrides", Self.override("a"), secret: "alice-secret")
        #expect(response.status == 409)
        #expect(routes.error(response).code == "overrides_read_only")
    }

    /// The gate's answer follows the folder: closed, then open with the override named (a new
    /// ETag), then closed again once it is ended; a question outside its scope never changes.
    @Test func theGateAndItsCacheFollowTheOverrides() throws {
        let (router, _) = try Self.server()
        // A Sunday inside the freeze would do; any instant now works for "open without it" too:
        // ask now, in production, where the freeze may or may not close; compare before and after.
        let now = ISO8601DateFormatter().string(from: Date())
        let query: [(name: String, value: String)] = [("at", now), ("context.environment", "production")]
        let staging: [(name: String, value: String)] = [("at", now), ("context.environment", "staging")]
        let before = Self.send(router, "GET", "/v1/gate", secret: "ci-secret", query: query)
        let stagingBefore = Self.send(router, "GET", "/v1/gate", secret: "ci-secret", query: staging)
        #expect(routes.json(before)["override"] == nil)
        #expect(Self.send(router, "POST", "/v1/overrides", Self.override("now"), secret: "alice-secret").status == 201)
        let during = Self.send(router, "GET", "/v1/gate", secret: "ci-secret", query: query)
        let shown = routes.json(during)["override"] as? [String: Any]
        #expect(shown?["id"] as? String == "now")
        #expect(routes.header(during, "ETag") != routes.header(before, "ETag"))
        let stagingDuring = Self.send(router, "GET", "/v1/gate", secret: "ci-secret", query: staging)
        #expect(stagingDuring.body == stagingBefore.body)
        #expect(Self.send(router, "DELETE", "/v1/overrides/now", secret: "alice-secret").status == 200)
        // Ended at the second of the DELETE: from the next second on it no longer applies.
        let later = ISO8601DateFormatter().string(from: Date().addingTimeInterval(1))
        let after = Self.send(router, "GET", "/v1/gate", secret: "ci-secret",
                              query: [("at", later), ("context.environment", "production")])
        #expect(routes.json(after)["override"] == nil)
    }
}
