import CalendarCore
import Testing
@testable import CalPolicyRequests

/// `gate` at one instant, over policies/change-freeze.lua (its year-end freeze runs from
/// 2026-12-18 to 2027-01-04, whole days) and an hours fixture in Europe/Berlin.
@Suite struct GateUseCaseTests {
    static let freeze = { () -> [any DayPolicy] in
        do { return try UseCaseFixture.policies(["policies/change-freeze.lua"]) } catch { fatalError("\(error)") }
    }()

    func question(_ at: String, zone: ZoneWallTime = .utc) throws -> GateUseCase.Question {
        try GateUseCase.question(at, zone: zone, today: nil)
    }

    @Test func anInstantInsideTheFreezeIsClosedAndNamesItsReason() throws {
        let state = try GateUseCase.run(try question("2026-12-24T12:00:00Z"), policies: Self.freeze)
        #expect(state.isClosed)
        #expect(state.closing?.reason == "change freeze: Year-end change freeze")
        #expect(state.closing?.policyIndex == 0)
        #expect(state.until.map(ZoneWallTime.utc.iso) == "2027-01-05T00:00:00+00:00")
    }

    @Test func anInstantBeforeItIsOpenUntilTheFreezeBegins() throws {
        let state = try GateUseCase.run(try question("2026-12-15T10:00:00Z"), policies: Self.freeze)
        #expect(!state.isClosed)
        #expect(state.closing == nil)
        #expect(state.until.map(ZoneWallTime.utc.iso) == "2026-12-18T00:00:00+00:00")
    }

    @Test func hoursInTheirOwnZoneCloseAtTheirWallTimes() throws {
        let policies = try UseCaseFixture.policies(["Tests/fixtures/hours/year_end_freeze.lua"])
        // 18 December 15:00 in Berlin is 14:00 UTC: a minute before it is open, a minute after closed.
        #expect(!(try GateUseCase.run(try question("2026-12-18T13:59:00Z"), policies: policies).isClosed))
        let closed = try GateUseCase.run(try question("2026-12-18T14:01:00Z"), policies: policies)
        #expect(closed.isClosed)
        #expect(closed.until.map(ZoneWallTime.utc.iso) == "2027-01-04T08:00:00+00:00")
    }

    @Test func theRequestTakesItsZoneAndTodayFromTheValues() throws {
        let values = UseCaseFixture.values([(OptionCatalogue.at, "2026-12-31T23:30:00Z"),
                                            (OptionCatalogue.timeZone, "Europe/Berlin")])
        let question = try GateUseCase.request(values, fallbackZone: .utc, today: nil)
        #expect(question.zone.identifier == "Europe/Berlin")
        #expect(question.today.iso == "2027-01-01")  // already the new year in Berlin
        let fallback = try GateUseCase.request(UseCaseFixture.values([(OptionCatalogue.at, "2026-12-31T23:30:00Z")]),
                                               fallbackZone: .utc, today: UseCaseFixture.day("2026-06-01"))
        #expect(fallback.zone.identifier == "UTC")
        #expect(fallback.today.iso == "2026-06-01")
    }

    @Test func aLocalTimeWithoutAnOffsetIsRefused() {
        #expect(throws: RequestError.self) { try GateUseCase.question("2026-12-24T12:00:00", zone: .utc, today: nil) }
        #expect(throws: RequestError.self) {
            try GateUseCase.request(UseCaseFixture.values([(OptionCatalogue.at, "2026-12-24T12:00:00Z"),
                                                           (OptionCatalogue.timeZone, "Europe/Berln")]),
                                    fallbackZone: .utc, today: nil)
        }
    }
}
