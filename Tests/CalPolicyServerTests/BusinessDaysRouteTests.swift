import MHDHost
import Testing
@testable import CalPolicyServer

/// `GET /v1/business-days`, in-process, on RouterTests' servers.
extension RouterTests {
    @Test func businessDaysAddsAndCounts() {
        let added = get("/v1/business-days?from=2026-12-18&days=5")
        #expect(added.status == 200)
        #expect(json(added)["date"] as? String == "2026-12-28")
        let counted = get("/v1/business-days?from=2026-12-18&to=2026-12-29")
        #expect(counted.status == 200)
        #expect(json(counted)["businessDays"] as? Int == 6)  // Christmas Day is a federal holiday
        let back = get("/v1/business-days?from=2026-12-19&days=-1")
        #expect(json(back)["date"] as? String == "2026-12-17")
    }

    @Test func businessDaysBadValuesAre400sNamingTheParameter() {
        for (target, parameter) in [("/v1/business-days?from=2026-12-18&days=x", "days"),
                                    ("/v1/business-days?from=2026-13-01&days=1", "from"),
                                    ("/v1/business-days?from=2026-12-18&to=nope", "to"),
                                    ("/v1/business-days?days=3", "from"),
                                    ("/v1/business-days?from=2026-12-18", "days"),
                                    ("/v1/business-days?from=2026-12-18&days=1&to=2026-12-20", "days")] {
            let response = get(target)
            #expect(response.status == 400, "\(target)")
            #expect(error(response).parameter == parameter, "\(target)")
        }
    }
}

/// `GET /v1/overlay`, in-process: the server's named stacks over one span.
extension RouterTests {
    @Test func overlayShowsEachStacksDecisionPerDay() {
        let response = get("/v1/overlay?stacks=default,uk&month=2026-12")
        #expect(response.status == 200)
        let document = json(response)
        let days = document["days"] as? [[String: Any]] ?? []
        #expect(days.count == 31)
        let christmas = days.first { $0["date"] as? String == "2026-12-25" }
        #expect(christmas?["allOpen"] as? Bool == false)
        let stacks = christmas?["stacks"] as? [String: [String: Any]]
        #expect(stacks?["default"]?["open"] as? Bool == false)
        #expect(stacks?["uk"]?["open"] as? Bool == false)
        #expect((document["stacks"] as? [[String: Any]])?.map { $0["name"] as? String } == ["default", "uk"])
    }

    @Test func overlayNextCommonOpen() {
        // Christmas closes both, the weekend the default stack, Boxing Day's substitute (Mon 28) the UK.
        let response = get("/v1/overlay?stacks=default,uk&nextCommonOpen=2026-12-25")
        #expect(response.status == 200)
        #expect(json(response)["nextCommonOpen"] as? String == "2026-12-29")
    }

    @Test func overlayErrorsNameTheParameter() {
        for (target, status, parameter) in [("/v1/overlay?month=2026-12", 400, "stacks"),
                                            ("/v1/overlay?stacks=default,nope", 404, "stacks"),
                                            ("/v1/overlay?stacks=default,,uk", 400, "stacks"),
                                            ("/v1/overlay?stacks=default&nextCommonOpen=2026-13-01", 400, "nextCommonOpen"),
                                            ("/v1/overlay?stacks=default&nextCommonOpen=2026-12-01&month=2026-12", 400,
                                             "nextCommonOpen"),
                                            ("/v1/overlay?stacks=default&stack=uk", 400, "stack")] {
            let response = get(target)
            #expect(response.status == status, "\(target)")
            #expect(error(response).parameter == parameter, "\(target)")
        }
    }
}

/// `POST /v1/revalidate`, in-process: stored selections as JSON lines in the body.
extension RouterTests {
    @Test func revalidateListsTheRefusedSelections() {
        let body = """
            {"id": "ok", "mode": "multiple", "selection": ["2026-12-22", "2026-12-23"]}
            {"id": "xmas", "mode": "range", "range": ["2026-12-24", "2026-12-28"]}
            """
        let response = post("/v1/revalidate", body, type: "application/x-ndjson")
        #expect(response.status == 200)
        let document = json(response)
        #expect(document["selections"] as? Int == 2)
        let refused = document["refused"] as? [[String: Any]] ?? []
        #expect(refused.map { $0["id"] as? String } == ["xmas"])
        #expect(refused.first?["date"] as? String == "2026-12-25")
        #expect(refused.first?["refusedDays"] as? Int == 3)
    }

    @Test func revalidateRefusesABadBody() {
        let bad = post("/v1/revalidate", "{\"id\": \"a\", \"mode\": \"single\", \"selection\": [\"2026-12-01\"]}\nnope\n",
                       type: "application/x-ndjson")
        #expect(bad.status == 400)
        #expect(error(bad).parameter == "body")
        #expect(error(bad).message?.contains("line 2: not JSON") == true)
        #expect(post("/v1/revalidate", "", type: "text/csv").status == 415)
        let large = RouterTests.router.handle(HTTPRequest(method: "POST", path: "/v1/revalidate",
                                                          headers: ["content-type": "application/x-ndjson"], bodyTooLarge: true))
        #expect(large.status == 413)
        #expect(get("/v1/revalidate").status == 405)
    }
}
