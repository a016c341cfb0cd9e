import CalendarCore
import Crypto
import Foundation
import MHDHost
import Rendering
import Testing
@testable import CalPolicyServer

/// The GitHub deployment protection rule in-process: the route's refusals (signature before
/// anything, size, replays), the token check skipped for it alone, the mapping and the event
/// read strictly, the comments, the decision at a fixed instant (the year-end freeze in Berlin),
/// and the app's retries against a scripted API. scripts/checks/github.sh runs it over HTTP.
@Suite(.serialized) struct GitHubRuleTests {
    static let api = "https://api.github.test"
    static let secret = Array("It's a Secret to Everybody".utf8)

    /// The year-end freeze and deploy hours in Berlin, deciding at `now`, with the rule on.
    static func router(now: String, fake: FakeGitHubAPI, token: String? = nil) throws -> (Router, String) {
        let state = NSTemporaryDirectory() + "calpolicy-github-\(UUID().uuidString)"
        guard case .run(let configuration) = ServeArguments.parse(
            ["policies/change-freeze.lua", "examples/deploy-hours.lua", "--time-zone", "Europe/Berlin", "--listen", "127.0.0.1:0"],
            cores: 2),
              case .success(let assembly) = ServerAssembly.make(configuration, cores: 1, token: token, decisions: nil)
        else { fatalError("the GitHub test server did not assemble") }
        let instant = Int64(ISO8601DateFormatter().date(from: now)!.timeIntervalSince1970)
        let router = assembly.router
        router.now = { instant }
        let mapping = try GitHubMapping.parse(Array(#"{"repositories": {"acme/shop": {"service": "shop"}}}"#.utf8),
                                              stacks: ["default"])
        let deployments = GitHubDeployments(store: try GitHubDeploymentStore(stateDir: state), app: try GitHubAppTests.app(fake),
                                            maxWait: 72 * 3600, metrics: assembly.metrics,
                                            decide: { router.decideGitHub($0, completion: $1) }, clock: { instant })
        router.github = GitHubRule(secret: secret, mapping: mapping, api: api, deployments: deployments)
        deployments.start()
        return (router, state)
    }

    static func event(environment: String = "production", run: Int = 1) -> [UInt8] {
        Array("""
        {"action": "requested", "environment": "\(environment)", "event": "push",
         "deployment_callback_url": "\(api)/repos/acme/shop/actions/runs/\(run)/deployment_protection_rule",
         "deployment": {"creator": {"login": "octocat"}}, "installation": {"id": 5}, "repository": {"full_name": "acme/shop"}}
        """.utf8)
    }

    static func post(_ router: Router, _ body: [UInt8], delivery: String = "d-1", signature: String? = nil,
                     tooLarge: Bool = false) -> MHDHost.HTTPResponse {
        var headers = ["x-github-event": "deployment_protection_rule", "x-github-delivery": delivery]
        headers["x-hub-signature-256"] = signature ?? "sha256=" + Hex.encode(HMACSHA256.mac(key: secret, message: body))
        return router.handle(MHDHost.HTTPRequest(method: "POST", path: "/v1/github/deployment-protection-rule", headers: headers,
                                                 body: body, bodyTooLarge: tooLarge))
    }

    static func waitFor(_ condition: () -> Bool) {
        for _ in 0..<200 where !condition() { usleep(20_000) }
    }

    @Test func signatureFirstThenSizeThenReplay() throws {
        let fake = FakeGitHubAPI()
        let (router, state) = try Self.router(now: "2026-12-28T10:00:00Z", fake: fake, token: "s3cret")
        defer { try? FileManager.default.removeItem(atPath: state) }
        #expect(Self.post(router, Self.event(), signature: "sha256=" + String(repeating: "0", count: 64)).status == 401)
        #expect(Self.post(router, Self.event(), signature: "").status == 401)
        #expect(Self.post(router, [], tooLarge: true).status == 413)
        #expect(Self.post(router, Array("{\"action\":".utf8)).status == 400)
        #expect(Self.post(router, Self.event(), delivery: "../x").status == 400)
        // No bearer token on this route, though the server has one.
        #expect(Self.post(router, Self.event(), delivery: "d-2").status == 202)
        #expect(Self.post(router, Self.event(), delivery: "d-2").status == 200)
        #expect(router.handle(MHDHost.HTTPRequest(method: "GET", path: "/v1/gate", query: [("at", "2026-12-28T10:00:00Z")])).status == 401)
        Self.waitFor { fake.callbacks.count >= 1 }
        usleep(200_000)
        #expect(fake.callbacks.count == 1)
    }

    @Test func yearEndFreezeIsReportedWithTheWallTimeItEnds() throws {
        let fake = FakeGitHubAPI()
        let (router, state) = try Self.router(now: "2026-12-28T10:00:00Z", fake: fake)
        #expect(Self.post(router, Self.event(run: 9), delivery: "d-9").status == 202)
        Self.waitFor { !fake.callbacks.isEmpty }
        let body = try #require(fake.callbacks.first).body
        let review = try JSONSerialization.jsonObject(with: Data(body)) as? [String: Any]
        #expect(review?["environment_name"] as? String == "production")
        #expect(review?["state"] == nil)
        let comment = review?["comment"] as? String ?? ""
        // Frozen to 4 January, then closed by the deploy hours until 08:00 on the 5th: the wall
        // time the job can run, in the server's zone.
        #expect(comment == "calpolicy: frozen by change freeze: Year-end change freeze until Tue 5 Jan 2027 08:00 Europe/Berlin; "
                + "this deployment is approved when the window opens")
        #expect(fake.callbacks.first?.headers.contains { $0.name == "Authorization" && $0.value == "Bearer ghs_test" } == true)
        // The record holds no token.
        func file() -> String { (try? String(contentsOfFile: state + "/github/d-9.json", encoding: .utf8)) ?? "" }
        Self.waitFor { file().contains("\"reported\"") }
        let file = file()
        #expect(!file.contains("ghs_"))
        #expect(file.contains("\"reported\""))
        try? FileManager.default.removeItem(atPath: state)
    }

    @Test func mappingIsStrict() {
        func problem(_ text: String) -> String? {
            do { _ = try GitHubMapping.parse(Array(text.utf8), stacks: ["default", "prod"]); return nil } catch { return error.message }
        }
        #expect(problem(#"{"repositories": {"a/b": {"servce": "x"}}}"#)?.contains("unknown key 'servce'") == true)
        #expect(problem(#"{"environments": {"production": {"stack": "nope"}}}"#)?.contains("no stack 'nope'") == true)
        #expect(problem(#"{"repos": {}}"#)?.contains("unknown field") == true)
        #expect(problem(#"{"repositories": {"a/b": {"service": 5}}}"#)?.contains("non-empty string") == true)
        let mapping = try? GitHubMapping.parse(Array(#"""
            {"repositories": {"a/b": {"service": "shop", "stack": "prod"}},
             "environments": {"production": {"service": "other", "environmentType": "production"}}}
            """#.utf8), stacks: ["default", "prod"])
        let entry = mapping?.entry(repository: "a/b", environment: "production")
        #expect(entry == GitHubMapping.Entry(context: ["service": "shop", "environmentType": "production"], stack: "prod"))
    }

    @Test func eventIsReadStrictly() {
        func problem(_ text: String) -> GitHubEventProblem? {
            do { _ = try DeploymentProtectionEvent.read(Array(text.utf8), api: Self.api); return nil } catch { return error }
        }
        let good = #"{"action":"requested","environment":"production","deployment_callback_url":"https://api.github.test/repos/a/b/actions/runs/1/deployment_protection_rule","installation":{"id":5}}"#
        #expect(problem(good) == nil)
        #expect(problem(good.replacingOccurrences(of: #"{"id":5}"#, with: #"{"id":"5"}"#)) == .field("installation.id", "a positive integer"))
        #expect(problem(good.replacingOccurrences(of: #"{"id":5}"#, with: #"{"id":true}"#)) == .field("installation.id", "a positive integer"))
        let elsewhere: String = good.replacingOccurrences(of: "https://api.github.test", with: "https://evil.test")
        #expect(problem(elsewhere) == .field("deployment_callback_url", "a URL under --github-api"))
        let control: String = good.replacingOccurrences(of: #""production""#, with: #""prod\u0007""#)
        #expect(problem(control) != nil)
        #expect(problem(good.replacingOccurrences(of: "requested", with: "completed")) == .ignoredAction("completed"))
        #expect(problem("[]") == .notJSON)
    }

    @Test func commentsAndBodies() throws {
        let berlin = ZoneWallTime(identifier: "Europe/Berlin", foundation: TimeZone(identifier: "Europe/Berlin")!)
        #expect(GitHubDeploymentReview.wallTime(1_799_049_600, zone: berlin) == "Mon 4 Jan 2027 09:00 Europe/Berlin")
        let long = String(repeating: "é", count: 2000)
        let body = GitHubDeploymentReview.body(environment: "production", state: .approved, comment: long)
        let review = try JSONSerialization.jsonObject(with: Data(body)) as? [String: Any]
        #expect((review?["comment"] as? String)?.count == 1024)
        #expect(review?["state"] as? String == "approved")
        #expect(Set(review?.keys.map { $0 } ?? []) == ["environment_name", "state", "comment"])
    }

    @Test func flagsAreCheckedTogether() {
        func stderr(_ extra: [String]) -> String {
            if case .exit(_, _, let text) = ServeArguments.parse(["policies/change-freeze.lua", "--listen", "127.0.0.1:0"] + extra, cores: 2) {
                return text
            }
            return ""
        }
        #expect(stderr(["--github-app-id", "1"]).contains("--github-private-key"))
        #expect(stderr(["--github-private-key", "k"]).contains("--github-app-id"))
        let all = ["--github-app-id", "1", "--github-private-key", "k", "--github-webhook-secret", "s", "--github-mapping", "m"]
        #expect(stderr(all).contains("--state-dir"))
        #expect(stderr(all + ["--state-dir", "/tmp/x", "--github-max-wait", "40d"]).contains("30d"))
        #expect(stderr(all + ["--state-dir", "/tmp/x", "--github-api", "ftp://x"]).contains("http(s) URL"))
    }
}
