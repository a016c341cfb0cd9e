import CalendarCore
import Foundation
import MHDHost
import Testing
@testable import CalPolicyServer

/// Every route, status code and error shape, in-process: a request value in, a response
/// value out (no socket, no daemon).
@Suite struct RouterTests {
    static let router: Router = {
        guard case .run(let configuration) = ServeArguments.parse(
            ["policies/weekends.lua", "policies/us-federal-holidays.lua", "--stack", "uk=policies/uk-bank-holidays.lua",
             "--today", "2026-12-01", "--listen", "127.0.0.1:0"], cores: 2),
            case .success(let assembly) = ServerAssembly.make(configuration, cores: 1, token: nil, decisions: nil)
        else { fatalError("the test server did not assemble") }
        return assembly.router
    }()

    static let holidays: Router = {
        guard case .run(let configuration) = ServeArguments.parse(
            ["holidays:DE-BE", "policies/weekends.lua", "--today", "2026-12-01", "--listen", "127.0.0.1:0"], cores: 2),
            case .success(let assembly) = ServerAssembly.make(configuration, cores: 1, token: nil, decisions: nil)
        else { fatalError("the holiday stack did not assemble") }
        return assembly.router
    }()

    static let guarded: Router = {
        guard case .run(let configuration) = ServeArguments.parse(
            ["policies/weekends.lua", "--today", "2026-12-01", "--listen", "127.0.0.1:0"], cores: 2),
            case .success(let assembly) = ServerAssembly.make(configuration, cores: 1, token: "s3cret", decisions: nil)
        else { fatalError("the test server did not assemble") }
        return assembly.router
    }()

    func get(_ target: String, headers: [String: String] = [:], router: Router = Self.router) -> HTTPResponse {
        let parts = target.split(separator: "?", maxSplits: 1)
        let query: [(name: String, value: String)] = parts.count < 2 ? [] : parts[1].split(separator: "&").map {
            let pair = $0.split(separator: "=", maxSplits: 1).map(String.init)
            return (pair[0], pair.count > 1 ? pair[1] : "")
        }
        return router.handle(HTTPRequest(method: "GET", path: String(parts[0]), query: query, headers: headers))
    }

    func post(_ path: String, _ body: String, type: String = "application/json") -> HTTPResponse {
        Self.router.handle(HTTPRequest(method: "POST", path: path, headers: ["content-type": type], body: Array(body.utf8)))
    }

    func json(_ response: HTTPResponse) -> [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any]) ?? [:]
    }

    func error(_ response: HTTPResponse) -> (code: String?, parameter: String?, message: String?) {
        let error = json(response)["error"] as? [String: Any]
        return (error?["code"] as? String, error?["parameter"] as? String, error?["message"] as? String)
    }

    func header(_ response: HTTPResponse, _ name: String) -> String? {
        response.headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    @Test func monthYearWeekAndDaysAnswerEvalDocuments() {
        for target in ["/v1/month?month=2026-12", "/v1/year?year=2026", "/v1/week?date=2026-12-24",
                       "/v1/days?from=2026-12-20&to=2027-01-05", "/v1/month?stack=uk&month=2026-12"] {
            let response = get(target)
            #expect(response.status == 200, "\(target)")
            #expect(header(response, "Content-Type") == "application/json")
            #expect(json(response)["days"] is [Any], "\(target)")
            #expect(header(response, "X-Policy-Version") != nil)
        }
        #expect(header(get("/v1/month?stack=uk&month=2026-12"), "X-Policy-Stack") == "uk")
    }

    @Test func badValuesAre400sNamingTheAPIParameter() {
        let cases: [(String, String)] = [
            ("/v1/month?month=2026-13", "month"), ("/v1/month?month=2026-12&firstWeekday=9", "firstWeekday"),
            ("/v1/month?month=2026-12&calendar=mayan", "calendar"), ("/v1/month?month=2026-12&weekRule=odd", "weekRule"),
            ("/v1/month?month=2026-12&today=2026-02-30", "today"), ("/v1/days?from=2026-12-20", "to"),
            ("/v1/days?from=2000-01-01&to=2010-01-01", "to"), ("/v1/week?date=nope", "date"),
            ("/v1/period?kind=quarter&date=2026-12-15", "kind"), ("/v1/explain?date=2026-12-32", "date"),
            ("/v1/month?mnth=2026-12", "mnth"), ("/v1/calendar.ics?from=2026-01-01&to=2046-12-31", "to"),
        ]
        for (target, parameter) in cases {
            let response = get(target)
            #expect(response.status == 400, "\(target)")
            let failure = error(response)
            #expect(failure.code == "bad_request" && failure.parameter == parameter, "\(target): \(failure)")
            #expect(failure.message?.contains("--") == false, "\(target): \(failure.message ?? "")")
        }
    }

    @Test func periodExplainAndFeed() {
        let period = json(get("/v1/period?kind=week&date=2026-12-15&step=1&firstWeekday=2"))
        #expect(period["first"] as? String == "2026-12-21" && period["last"] as? String == "2026-12-27")
        let explain = get("/v1/explain?date=2026-12-25")
        #expect(explain.status == 200 && json(explain)["date"] as? String == "2026-12-25")
        let feed = get("/v1/calendar.ics?from=2026-12-01&to=2026-12-31")
        #expect(feed.status == 200 && header(feed, "Content-Type") == "text/calendar; charset=utf-8")
        #expect(String(decoding: feed.body, as: UTF8.self).hasPrefix("BEGIN:VCALENDAR\r\n"))
    }

    @Test func theFeedIsNamedAfterTheStackAndFilteredByOnlyPolicyAndExclude() {
        func lines(_ query: String) -> [String] {
            String(decoding: get("/v1/calendar.ics?from=2026-12-01&to=2026-12-31" + query).body, as: UTF8.self)
                .split(separator: "\r\n").map(String.init)
        }
        let all = lines("")
        #expect(all.contains("X-WR-CALNAME:default") && all.contains("NAME:default"))
        #expect(lines("&stack=uk").contains("X-WR-CALNAME:uk"))
        let holidays = lines("&exclude=weekends").filter { $0.hasPrefix("SUMMARY:") }
        #expect(holidays == ["SUMMARY:Christmas Day"])
        #expect(lines("&policy=weekends&only=decorated").filter { $0 == "BEGIN:VEVENT" }.isEmpty)
        #expect(lines("&policy=weekends.lua&only=denied").filter { $0 == "BEGIN:VEVENT" }.count == 4, "four December weekends")
        let typo = get("/v1/calendar.ics?policy=weekend")
        #expect(typo.status == 400 && error(typo).parameter == "policy")
        #expect(error(get("/v1/calendar.ics?only=all")).parameter == "only")
    }

    @Test func selectAnswersRefusesAndChecksItsBody() {
        let accepted = post("/v1/select", #"{"mode":"range","taps":["2026-12-01","2026-12-04"]}"#)
        #expect(accepted.status == 200)
        #expect((json(accepted)["selection"] as? [String])?.count == 4)
        let refused = post("/v1/select", #"{"mode":"single","selection":["2026-12-25"],"taps":["2026-12-01"]}"#)
        #expect(refused.status == 422 && error(refused).code == "selection_refused" && error(refused).parameter == "selection")
        #expect(post("/v1/select", "{", type: "application/json").status == 400)
        #expect(post("/v1/select", "mode=single", type: "text/plain").status == 415)
        let limits = post("/v1/select", #"{"mode":"range","taps":["2026-12-01"],"limits":{"minLength":5,"maxLength":3}}"#)
        #expect(error(limits).parameter == "limits.maxLength")
        #expect(error(limits).message == "invalid value '3' for 'limits.maxLength': must not be less than limits.minLength 5")
    }

    @Test func methodsRoutesStacksAndCaching() {
        let wrongMethod = Self.router.handle(HTTPRequest(method: "POST", path: "/v1/month"))
        #expect(wrongMethod.status == 405 && header(wrongMethod, "Allow") == "GET")
        #expect(get("/v1/nothing").status == 404 && error(get("/v1/nothing")).code == "not_found")
        let stack = get("/v1/month?stack=nope")
        #expect(stack.status == 404 && error(stack).parameter == "stack")
        let first = get("/v1/month?month=2026-11")
        let etag = header(first, "ETag") ?? ""
        #expect(get("/v1/month?month=2026-11", headers: ["if-none-match": etag]).status == 304)
        #expect(get("/v1/month?month=2026-12", headers: ["if-none-match": etag]).status == 200)
    }

    @Test func healthReadyMetricsAndStatus() {
        #expect(get("/health").status == 200 && json(get("/health"))["status"] as? String == "ok")
        #expect(json(get("/ready"))["ready"] as? Bool == true)
        #expect(String(decoding: get("/metrics").body, as: UTF8.self).contains("calpolicy_stack_memory_bytes{stack=\"uk\"}"))
        let stacks = json(get("/v1/status"))["stacks"] as? [[String: Any]]
        #expect(stacks?.map { $0["name"] as? String } == ["default", "uk"])
    }

    @Test func aTokenGuardsEveryRouteButHealthAndReady() {
        #expect(get("/v1/month", router: Self.guarded).status == 401)
        #expect(get("/v1/month", headers: ["authorization": "Bearer s3cret"], router: Self.guarded).status == 200)
        #expect(get("/health", router: Self.guarded).status == 200)
        #expect(get("/ready", router: Self.guarded).status == 200)
    }

    @Test func aBuiltInHolidayReferenceServesLikeAFile() {
        let month = json(get("/v1/month?month=2026-10", router: Self.holidays))
        let days = month["days"] as? [[String: Any]] ?? []
        let unity = days.first { $0["date"] as? String == "2026-10-03" }
        #expect(unity?["selectable"] as? Bool == false)
        #expect((unity?["reason"] as? String)?.contains("German Unity Day") == true, "\(unity ?? [:])")
        #expect(get("/v1/explain?date=2026-10-03", router: Self.holidays).status == 200)
        guard case .exit(let code, _, let stderr) = ServeArguments.parse(["holidays:DE-BX"], cores: 2) else {
            Issue.record("an unknown subdivision was accepted"); return
        }
        #expect(code == 2 && stderr.contains("unknown subdivision 'DE-BX'"))
    }

    @Test func statusAndMetricsCountDownToTheEndOfEachPolicysData() throws {
        let stacks = json(get("/v1/status", router: Self.holidays))["stacks"] as? [[String: Any]]
        let policies = try #require(stacks?.first?["policies"] as? [[String: Any]])
        let reference = try #require(policies.first { $0["path"] as? String == "holidays:DE-BE" })
        let end = try #require(reference["dataEnds"] as? String)
        let left = try #require(reference["dataDaysLeft"] as? Int)
        #expect(end.hasPrefix("20") && left > 0)
        #expect(left == (try Day(iso: "2026-12-01")).distance(to: try Day(iso: end)))
        #expect(policies.first { $0["path"] as? String == "policies/weekends.lua" }?["dataEnds"] is NSNull)
        let metrics = String(decoding: get("/metrics", router: Self.holidays).body, as: UTF8.self)
        #expect(metrics.contains("calpolicy_policy_data_ends_days{stack=\"default\",policy=\"holidays:DE-BE\"} \(left)\n"))
    }

    @Test func statusAndMetricsNameTheVersionAndCommit() {
        let status = json(get("/v1/status"))
        #expect(status["version"] as? String == ServeArguments.version)
        let commit = status["commit"] as? String ?? ""
        #expect(commit == "unknown" || (commit.count == 12 && commit.allSatisfy(\.isHexDigit)), "\(commit)")
        let metrics = String(decoding: get("/metrics").body, as: UTF8.self)
        #expect(metrics.contains("calpolicy_build_info{version=\"\(ServeArguments.version)\",commit=\"\(commit)\"} 1\n"))
    }
}
