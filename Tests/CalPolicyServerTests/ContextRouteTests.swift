import Foundation
import MHDHost
import Testing
@testable import CalPolicyServer

/// `context.KEY=VALUE` on the document routes: scoped policies answer by it, and the answer
/// cache and ETags are keyed by it (two contexts never share an answer; one context spelled
/// in another order does).
@Suite struct ContextRouteTests {
    static let router: Router = {
        guard case .run(let configuration) = ServeArguments.parse(
            ["Tests/fixtures/scope/production-freeze.lua", "--today", "2026-12-01", "--listen", "127.0.0.1:0"], cores: 2),
            case .success(let assembly) = ServerAssembly.make(configuration, cores: 1, token: nil, decisions: nil)
        else { fatalError("the context test server did not assemble") }
        return assembly.router
    }()

    let routes = RouterTests()

    func get(_ target: String) -> HTTPResponse { routes.get(target, router: Self.router) }
    func etag(_ response: HTTPResponse) -> String? { response.headers.first { $0.name == "ETag" }?.value }

    @Test func aScopedFreezeAnswersByTheContextAndTheCacheKeepsThemApart() {
        let at = "/v1/gate?at=2026-12-24T10:00:00Z"
        for _ in 0..<2 { // the second round comes from the cache
            let none = get(at), staging = get(at + "&context.environment=staging")
            let production = get(at + "&context.environment=production&context.service=api")
            let reordered = get(at + "&context.service=api&context.environment=production")
            #expect(routes.json(none)["open"] as? Bool == false)
            #expect(routes.json(staging)["open"] as? Bool == true)
            #expect(routes.json(production)["open"] as? Bool == false)
            #expect(routes.json(get(at + "&context.environment=production&context.service=status-page"))["open"] as? Bool == true)
            #expect(Set([etag(none), etag(staging), etag(production)]).count == 3)
            #expect(etag(production) == etag(reordered))
        }
        let month = routes.json(get("/v1/month?month=2026-12&context.environment=staging"))
        let days = (month["days"] as? [[String: Any]]) ?? []
        #expect(!days.isEmpty && days.allSatisfy { $0["selectable"] as? Bool == true })
    }

    @Test func aBadContextIsA400NamingIt() {
        for target in ["/v1/gate?at=2026-12-24T10:00:00Z&context.enviroment=production",
                       "/v1/month?month=2026-12&context.labels.a%20b=x", "/v1/gate?at=2026-12-24T10:00:00Z&context.=x"] {
            let response = get(target)
            #expect(response.status == 400, "\(target)")
        }
        let typo = get("/v1/gate?at=2026-12-24T10:00:00Z&context.enviroment=production")
        #expect(routes.error(typo).parameter == "context")
        #expect(routes.error(typo).message?.contains("did you mean 'environment'?") == true)
    }

    /// `POST /v1/select` takes the context in its body too (over the query's).
    @Test func aSelectBodyCarriesItsContext() {
        func select(_ body: String, query: String = "") -> [String: Any] {
            let request = HTTPRequest(method: "POST", path: "/v1/select",
                                      query: query.isEmpty ? [] : [(name: "context.environment", value: query)],
                                      headers: ["content-type": "application/json"], body: Array(body.utf8))
            return routes.json(Self.router.handle(request))
        }
        let tap = #""mode": "single", "taps": ["2026-12-24"]"#
        #expect((select("{\(tap)}")["selection"] as? [String])?.isEmpty == true)
        #expect(select("{\(tap), \"context\": {\"environment\": \"staging\"}}")["selection"] as? [String] == ["2026-12-24"])
        #expect(select("{\(tap), \"context\": {\"environment\": \"staging\"}}", query: "production")["selection"] as? [String]
                    == ["2026-12-24"])
        let bad = Self.router.handle(HTTPRequest(method: "POST", path: "/v1/select", headers: ["content-type": "application/json"],
                                                 body: Array("{\(tap), \"context\": {\"enviroment\": \"x\"}}".utf8)))
        #expect(bad.status == 400 && routes.error(bad).parameter == "context")
    }
}
