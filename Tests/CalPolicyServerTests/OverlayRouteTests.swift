import Foundation
import MHDHost
import Testing
@testable import CalPolicyServer

/// `GET /v1/overlay` in closed time, in-process: stacks with hours and zones are compared by the
/// instant, each stack's runs worked out on its own workers, as `overlay` does on the command line.
@Suite struct OverlayRouteTests {
    static let router: Router = {
        guard case .run(let configuration) = ServeArguments.parse(
            ["policies/weekends.lua",
             "--stack", "ber=Tests/fixtures/overlay/office-berlin.lua,holidays:DE-BE@Europe/Berlin",
             "--stack", "nyc=Tests/fixtures/overlay/office-new-york.lua,holidays:US-NY@America/New_York",
             "--today", "2026-12-01", "--listen", "127.0.0.1:0"], cores: 2),
            case .success(let assembly) = ServerAssembly.make(configuration, cores: 1, token: nil, decisions: nil)
        else { fatalError("the overlay test server did not assemble") }
        return assembly.router
    }()

    let routes = RouterTests()

    func get(_ target: String) -> [String: Any] { routes.json(routes.get(target, router: Self.router)) }

    @Test func theNextCommonWindowOfTwoOffices() {
        let raw = routes.get("/v1/overlay?stacks=ber,nyc&nextCommonOpen=2027-01-09", router: Self.router)
        let answer = routes.json(raw)
        let next = answer["nextCommonOpen"] as? [String: Any]
        #expect(next?["from"] as? String == "2027-01-11T14:00:00+00:00", "\(answer)")
        #expect(next?["until"] as? String == "2027-01-11T16:00:00+00:00")
        #expect(answer["coverage"] as? String == "all")
    }

    @Test func followTheSunAndItsUncoveredTime() {
        let any = get("/v1/overlay?stacks=ber,nyc&nextCommonOpen=2027-01-09T00:00:00Z&any=true&timeZone=Europe/Berlin")
        let covered = any["nextCovered"] as? [String: Any]
        #expect(covered?["from"] as? String == "2027-01-11T09:00:00+01:00", "\(any)")
        #expect(covered?["until"] as? String == "2027-01-11T23:00:00+01:00")
        let day = get("/v1/overlay?stacks=ber,nyc&from=2027-01-11&to=2027-01-11")
        let uncovered = (day["uncovered"] as? [[String: Any]])?.map { "\($0["from"] ?? "")/\($0["until"] ?? "")" }
        #expect(uncovered == ["2027-01-11T00:00:00+00:00/2027-01-11T08:00:00+00:00",
                              "2027-01-11T22:00:00+00:00/2027-01-12T00:00:00+00:00"], "\(day)")
        #expect((day["commonOpen"] as? [[String: Any]])?.count == 1)
    }

    @Test func aBadMinimumIsA400NamingIt() {
        let response = routes.get("/v1/overlay?stacks=ber,nyc&nextCommonOpen=2027-01-09&minDuration=2x", router: Self.router)
        #expect(response.status == 400)
        #expect(routes.error(response).parameter == "minDuration")
    }
}
