import Crypto
import Foundation
import HTTPClient
import Testing
@testable import CalPolicyServer

/// The app's side of the rule against a scripted API (no network): its JWT's claims, token
/// caching, retries on 5xx with backoff, the waits GitHub names on 403/429, and a refusal that
/// is final. (HTTPClient's request and response types are named here alone: the route tests
/// see MHDHost's of the same names.)
    /// The API's answers, scripted, and every request it saw (token requests and callbacks).
final class FakeGitHubAPI: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var requests: [HTTPRequest] = []
    var callbackStatuses: [(Int, [String: String])] = []
    var slept: [Double] = []

    func send(_ request: HTTPRequest) throws(HTTPClientError) -> HTTPResponse {
        lock.withLock { requests.append(request) }
        if request.url.hasSuffix("/access_tokens") {
            return HTTPResponse(status: 201, headers: [:],
                                           body: Array(#"{"token":"ghs_test","expires_at":"2099-01-01T00:00:00Z"}"#.utf8))
        }
        let (status, headers) = lock.withLock { callbackStatuses.isEmpty ? (204, [:]) : callbackStatuses.removeFirst() }
        return HTTPResponse(status: status, headers: headers, body: [])
    }

    var callbacks: [HTTPRequest] { lock.withLock { requests.filter { !$0.url.hasSuffix("/access_tokens") } } }
}

@Suite struct GitHubAppTests {
    static func key() throws -> RSAPrivateKey {
        try RSAPrivateKey(pem: String(decoding: try Data(contentsOf: URL(fileURLWithPath: "Tests/fixtures/github/app-test-key.pem")),
                                      as: UTF8.self))
    }

    static func app(_ fake: FakeGitHubAPI) throws -> GitHubApp {
        GitHubApp(appID: 7, api: GitHubRuleTests.api, key: try key(), send: { request throws(HTTPClientError) in try fake.send(request) },
                  clock: { 1_800_000_000 }, sleep: { seconds in fake.slept.append(seconds) })
    }

    @Test func appRetriesOn5xxAndWaitsForRateLimits() throws {
        let fake = FakeGitHubAPI()
        fake.callbackStatuses = [(502, [:]), (503, [:]), (403, ["x-ratelimit-remaining": "0", "x-ratelimit-reset": "1800000005"]),
                                 (429, ["retry-after": "2"])]
        let app = try Self.app(fake)
        try app.review(GitHubRuleTests.api + "/repos/a/b/actions/runs/1/deployment_protection_rule", installation: 5, body: [0x7B, 0x7D])
        #expect(fake.callbacks.count == 5)
        #expect(fake.slept == [0.5, 1.0, 6.0, 2.0])
        // One token for all of them (cached until 5 minutes before it expires).
        #expect(fake.requests.filter { $0.url.hasSuffix("/access_tokens") }.count == 1)
        fake.callbackStatuses = [(403, [:])]
        #expect(throws: GitHubApp.Failure.self) {
            try app.review(GitHubRuleTests.api + "/repos/a/b/actions/runs/1/deployment_protection_rule", installation: 5, body: [])
        }
    }

    @Test func jwtHasTheDocumentedClaims() throws {
        let app = try Self.app(FakeGitHubAPI())
        let parts = try #require(app.jwt()).split(separator: ".").map(String.init)
        #expect(parts.count == 3)
        var payload = parts[1].replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while payload.count % 4 != 0 { payload += "=" }
        let claims = try JSONSerialization.jsonObject(with: try #require(Data(base64Encoded: payload))) as? [String: Any]
        #expect(claims?["iat"] as? Int == 1_800_000_000 - 60)
        #expect(claims?["exp"] as? Int == 1_800_000_000 + 540)
        #expect(claims?["iss"] as? String == "7")
    }

}
