import CalendarData
import Foundation
import MHDHost
import Testing
@testable import CalPolicyServer

/// Named tokens and their rights, in-process: every right × stack × tenant context, the legacy
/// one-line file, and a token file's errors.
@Suite struct TokenRightsTests {
    static func sha(_ secret: String) -> String { SHA256.hex(Array(secret.utf8)) }

    static let file = """
        {"tokens": [
          {"name": "ops", "sha256": "\(sha("ops-secret"))", "rights": {"decide": ["*"], "admin": true}},
          {"name": "ci", "sha256": "\(sha("ci-secret"))", "rights": {"decide": ["default"]}},
          {"name": "uk", "sha256": "\(sha("uk-secret"))", "rights": {"decide": ["uk"]}},
          {"name": "acme", "sha256": "\(sha("acme-secret"))", "rights": {"decide": ["*"]}, "tenant": "acme"}
        ]}
        """

    static let router: Router = {
        guard case .run(let configuration) = ServeArguments.parse(
            ["policies/weekends.lua", "--stack", "uk=policies/uk-bank-holidays.lua",
             "--today", "2026-12-01", "--listen", "127.0.0.1:0"], cores: 2),
            let tokens = try? TokenSet.parse(file),
            case .success(let assembly) = ServerAssembly.make(configuration, cores: 1, token: nil, tokens: tokens, decisions: nil)
        else { fatalError("the token test server did not assemble") }
        return assembly.router
    }()

    let routes = RouterTests()

    func status(_ target: String, _ secret: String?) -> Int {
        routes.get(target, headers: secret.map { ["authorization": "Bearer " + $0] } ?? [:], router: Self.router).status
    }

    @Test func everyRightOnEveryStack() {
        let month = "/v1/month?month=2026-12"
        let cases: [(String, String?, Int)] = [
            ("/health", nil, 200), ("/ready", nil, 200),
            (month, nil, 401), (month, "wrong", 401), (month, "ops-secret", 200), (month, "ci-secret", 200),
            (month, "uk-secret", 403), (month + "&stack=uk", "uk-secret", 200), (month + "&stack=uk", "ci-secret", 403),
            ("/metrics", "ops-secret", 200), ("/metrics", "ci-secret", 403), ("/v1/status", "ci-secret", 403),
            ("/v1/status", "ops-secret", 200),
            ("/v1/overlay?stacks=default,uk&month=2026-12", "ci-secret", 403),
            ("/v1/overlay?stacks=default,uk&month=2026-12", "ops-secret", 200),
            (month, "acme-secret", 200), (month + "&context.tenant=acme", "acme-secret", 200),
            (month + "&context.tenant=globex", "acme-secret", 403), (month + "&context.tenant=globex", "ops-secret", 200),
        ]
        for (target, secret, expected) in cases {
            #expect(status(target, secret) == expected, "\(target) with \(secret ?? "no token")")
        }
        let mismatch = routes.get(month + "&context.tenant=globex", headers: ["authorization": "Bearer acme-secret"],
                                  router: Self.router)
        #expect(routes.error(mismatch).code == "tenant_mismatch")
    }

    /// `--diagnostic-addr` answers `/metrics` and `/v1/status` without a token (scrapers carry
    /// none) and still no decision route, token or not; the main listener wants an admin token.
    @Test func theDiagnosticListenerIsOpenForItsRoutesOnly() {
        func diagnostic(_ path: String, _ secret: String? = nil) -> Int {
            Self.router.handleDiagnostic(HTTPRequest(method: "GET", path: path,
                                                     headers: secret.map { ["authorization": "Bearer " + $0] } ?? [:])).status
        }
        for path in ["/metrics", "/v1/status", "/health", "/ready"] {
            #expect(diagnostic(path) == 200, "\(path) on the diagnostic listener")
            #expect(diagnostic(path, "ci-secret") == 200, "\(path) on the diagnostic listener, a token without admin")
        }
        #expect(status("/metrics", nil) == 401)
        #expect(status("/v1/status", nil) == 401)
        #expect(diagnostic("/v1/month", "ops-secret") == 404)
        #expect(diagnostic("/v1/overlay", nil) == 404)
    }

    /// A tenant-bound token's questions carry its tenant: the answer (and its cache entry) is the
    /// one for that tenant, never shared with an unbound question.
    @Test func aTenantTokenFillsTheContext() {
        let bound = routes.get("/v1/month?month=2026-12", headers: ["authorization": "Bearer acme-secret"], router: Self.router)
        let open = routes.get("/v1/month?month=2026-12", headers: ["authorization": "Bearer ops-secret"], router: Self.router)
        let etag = { (response: HTTPResponse) in response.headers.first { $0.name == "ETag" }?.value }
        #expect(etag(bound) != nil && etag(bound) != etag(open))
    }

    @Test func theLegacyOneLineFileIsOneTokenWithEveryRight() throws {
        let tokens = try TokenSet.parse("s3cret\n")
        let token = try #require(tokens.find(secret: "s3cret"))
        #expect(token.name == "default" && token.admin && token.mayDecide("anything"))
        #expect(tokens.find(secret: "s3cre") == nil && tokens.find(secret: "s3cret ") == nil)
    }

    @Test func aBrokenTokenFileSaysWhy() {
        for (text, words) in [("{", "is not JSON"), ("{\"tokenz\": []}", "expected {\"tokens\""),
                              ("{\"tokens\": []}", "holds no token"),
                              ("{\"tokens\": [{\"name\": \"a\", \"sha256\": \"xyz\", \"rights\": {}}]}", "64 hex digits"),
                              ("{\"tokens\": [{\"name\": \"a\", \"sha256\": \"\(Self.sha("a"))\", \"rights\": {\"admin\": 1}}]}",
                               "admin must be true or false"),
                              ("{\"tokens\": [{\"name\": \"a\", \"sha256\": \"\(Self.sha("a"))\", \"rights\": {\"decyde\": []}}]}",
                               "unknown field 'decyde'"),
                              ("{\"tokens\": [{\"name\": \"a\", \"sha256\": \"\(Self.sha("a"))\", \"rights\": {}, \"tenant\": \"a\\nb\"}]}",
                               "control characters"),
                              ("", "no token")] {
            do {
                _ = try TokenSet.parse(text)
                Issue.record("accepted: \(text)")
            } catch {
                #expect(error.message.contains(words), "\(text): \(error.message)")
            }
        }
    }
}
