import Foundation
import MHDHost
import Testing
@testable import CalPolicyServer

/// `GET /v1/gate`, in-process: the same JSON as `gate --format json`, bad input a 400 naming
/// the parameter, a malformed hoursFor answer a 500.
@Suite struct GateRouteTests {
    static let router: Router = {
        guard case .run(let configuration) = ServeArguments.parse(
            ["policies/change-freeze.lua", "examples/deploy-hours.lua", "--stack", "bad=Tests/fixtures/hours/malformed.lua",
             "--time-zone", "Europe/Berlin", "--today", "2026-12-01", "--listen", "127.0.0.1:0"], cores: 2),
            case .success(let assembly) = ServerAssembly.make(configuration, cores: 1, token: nil, decisions: nil)
        else { fatalError("the gate test server did not assemble") }
        return assembly.router
    }()

    let routes = RouterTests()

    func get(_ target: String) -> HTTPResponse { routes.get(target, router: Self.router) }

    /// The decision log's `today` for a gate is the date the policies saw: the instant's date in
    /// the stack's zone, or `today=` when given; never the server clock's date (a server without
    /// --today, asked about instants a year apart and across the date line).
    @Test func theDecisionLogRecordsTheTodayThePoliciesSaw() throws {
        let path = NSTemporaryDirectory() + "gate-decisions-\(getpid()).jsonl"
        defer { unlink(path) }
        let decisions = try DecisionLog(path: path)
        guard case .run(let configuration) = ServeArguments.parse(
            ["policies/change-freeze.lua", "--time-zone", "Europe/Berlin", "--listen", "127.0.0.1:0"], cores: 2),
            case .success(let assembly) = ServerAssembly.make(configuration, cores: 1, token: nil, decisions: decisions)
        else { Issue.record("the server did not assemble"); return }
        let asked = [("/v1/gate?at=2027-03-01T10:00:00Z", "2027-03-01"),
                     ("/v1/gate?at=2027-12-31T23:30:00Z", "2028-01-01"),                  // Berlin is an hour ahead
                     ("/v1/gate?at=2027-12-31T23:30:00Z&timeZone=America/New_York", "2027-12-31"),
                     ("/v1/gate?at=2027-03-01T10:00:00Z&today=2026-06-01", "2026-06-01")]
        for (target, _) in asked { #expect(routes.get(target, router: assembly.router).status == 200, "\(target)") }
        decisions.flush(within: 5)
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == asked.count)
        for (line, (target, today)) in zip(lines, asked) {
            let entry = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            #expect(entry?["today"] as? String == today, "\(target): \(line)")
            #expect(entry?["route"] as? String == "/v1/gate")
        }
    }

    @Test func closedAndOpenAnswersInTheServersZone() {
        let closed = get("/v1/gate?at=2026-12-11T15:05:00Z")
        #expect(closed.status == 200)
        let answer = routes.json(closed)
        #expect(answer["open"] as? Bool == false)
        #expect(answer["at"] as? String == "2026-12-11T16:05:00+01:00")
        #expect(answer["until"] as? String == "2026-12-14T08:00:00+01:00")
        #expect(answer["reason"] as? String == "no Friday-afternoon deploys")
        #expect(answer["policy"] as? String == "examples/deploy-hours.lua")
        let open = routes.json(get("/v1/gate?at=2026-12-15T08:30:00Z&timeZone=UTC"))
        #expect(open["open"] as? Bool == true)
        #expect(open["until"] as? String == "2026-12-15T17:00:00+00:00")
    }

    @Test func badInputIsA400NamingTheParameter() {
        for (target, parameter) in [("/v1/gate?at=2026-12-15T09:30", "at"),
                                    ("/v1/gate?at=2026-12-15T09:30:00Z&timeZone=Europe/Berln", "timeZone"),
                                    ("/v1/gate", "at")] {
            let response = get(target)
            #expect(response.status == 400, "\(target)")
            #expect(routes.error(response).parameter == parameter, "\(target)")
        }
        #expect(routes.error(get("/v1/gate?at=2026-12-15T09:30:00Z&timeZone=Europe/Berln")).message?
            .contains("did you mean 'Europe/Berlin'?") == true)
    }

    /// Past change-freeze.lua's coverage (2027-12-31) the gate is closed, naming it and the end,
    /// never "open for a year" (at the end of the year and well after it).
    @Test func pastAPolicysCoverageTheGateIsClosed() {
        for at in ["2028-01-01T00:00:00Z", "2028-01-04T10:00:00Z", "2031-06-02T10:00:00Z"] {
            let answer = routes.json(get("/v1/gate?at=\(at)"))
            #expect(answer["open"] as? Bool == false, "\(at)")
            #expect(answer["policy"] as? String == "policies/change-freeze.lua", "\(at)")
            #expect((answer["reason"] as? String)?.contains("(its coverage ends 2027-12-31)") == true, "\(answer)")
        }
        let before = routes.json(get("/v1/gate?at=2027-12-29T10:00:00Z"))
        #expect(before["open"] as? Bool == true)
        #expect(before["until"] as? String == "2027-12-29T18:00:00+01:00")
    }

    @Test func aMalformedHoursAnswerIsA500() {
        let response = get("/v1/gate?stack=bad&at=2026-12-15T09:30:00Z")
        #expect(response.status == 500)
        #expect(routes.error(response).message?.contains("malformed.lua:3") == true)
    }

    @Test func evalRoutesStateIntervalsInTheRequestsZone() throws {
        // Friday 2026-12-11: examples/deploy-hours.lua closes from 15:00 Berlin time.
        let berlin = get("/v1/days?from=2026-12-11&to=2026-12-11")
        #expect(berlin.status == 200)
        #expect(routes.json(berlin)["timeZone"] as? String == "Europe/Berlin")
        let text = String(decoding: berlin.body, as: UTF8.self)
        #expect(text.contains("2026-12-11T15:00:00+01:00"))
        let utc = get("/v1/days?from=2026-12-11&to=2026-12-11&timeZone=UTC")
        #expect(utc.status == 200)
        #expect(routes.json(utc)["timeZone"] as? String == "UTC")
        #expect(String(decoding: utc.body, as: UTF8.self).contains("2026-12-11T14:00:00+00:00"))
        let month = get("/v1/month?month=2026-12&timeZone=America/New_York")
        #expect(month.status == 200)
        #expect(String(decoding: month.body, as: UTF8.self).contains("2026-12-11T09:00:00-05:00"))
        let typo = get("/v1/month?month=2026-12&timeZone=Europe/Berln")
        #expect(typo.status == 400)
        #expect(routes.error(typo).parameter == "timeZone")
    }
}
