import Foundation
import MHDHost
import Testing
@testable import CalPolicyServer

/// `GET /v1/explain`: the stack asked in its arguments' order as the CLI's `explain` asks it,
/// and a selection read as `/v1/select` reads one.
extension RouterTests {
    /// The holiday router's stack is `holidays:DE-BE policies/weekends.lua`: the reference decides
    /// a holiday on a Saturday, as `calpolicy explain holidays:DE-BE policies/weekends.lua` says.
    @Test func explainAsksReferencesInArgumentOrder() {
        let response = get("/v1/explain?date=2026-12-26", router: Self.holidays)
        #expect(response.status == 200)
        let document = json(response)
        let policies = (document["policies"] as? [[String: Any]])?.map { $0["policy"] as? String }
        #expect(policies == ["holidays:DE-BE", "policies/weekends.lua"])
        #expect((document["decidedSelect"] as? [String: Any])?["policy"] as? String == "holidays:DE-BE")
    }

    static let stay: Router = {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("explain-route-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let policy = folder.appendingPathComponent("stay.lua")
        try? """
            return {
              name = "stay",
              canDeselect = function(day, selection)
                if #selection >= 2 and selection:contains(day) then return false, "part of a booked stay" end
                return true
              end,
            }

            """.write(to: policy, atomically: true, encoding: .utf8)
        guard case .run(let configuration) = ServeArguments.parse(
            [policy.path, "--today", "2026-12-01", "--listen", "127.0.0.1:0"], cores: 2),
            case .success(let assembly) = ServerAssembly.make(configuration, cores: 1, token: nil, decisions: nil)
        else { fatalError("the stay stack did not assemble") }
        return assembly.router
    }()

    @Test func explainTakesASelectionAsSelectDoes() {
        func deselectable(_ query: String) -> Bool? {
            let response = get("/v1/explain?date=2026-12-11" + query, router: Self.stay)
            #expect(response.status == 200, "\(query)")
            return json(response)["deselectable"] as? Bool
        }
        #expect(deselectable("") == true)
        #expect(deselectable("&selection=2026-12-10,2026-12-11") == false)
        #expect(deselectable("&selection=2026-12-11") == true)
        let bad = get("/v1/explain?date=2026-12-11&selection=2026-12-10,2026-12-40", router: Self.stay)
        #expect(bad.status == 400)
        #expect(error(bad).parameter == "selection")
    }
}
