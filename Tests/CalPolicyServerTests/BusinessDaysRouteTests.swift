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
