import CalendarCore
import Testing
@testable import CalPolicyRequests

/// `export`: a stack's closed time as windows over at most 12 months.
@Suite struct ExportUseCaseTests {
    func span(_ from: String, _ to: String) throws -> ExportUseCase.Span {
        try ExportUseCase.span(UseCaseFixture.values([(OptionCatalogue.from, from), (OptionCatalogue.to, to)]), zone: .utc)
    }

    @Test func theYearEndFreezeIsOneWindow() throws {
        let policies = try UseCaseFixture.policies(["policies/change-freeze.lua"])
        let windows = try ExportUseCase.windows(policies, span: try span("2026-12-01", "2027-01-31"), today: UseCaseFixture.today)
        #expect(windows.count == 1)
        #expect(windows.first.map { ZoneWallTime.utc.iso($0.start) } == "2026-12-18T00:00:00+00:00")
        #expect(windows.first.map { ZoneWallTime.utc.iso($0.end) } == "2027-01-05T00:00:00+00:00")
        #expect(windows.first?.reasons == ["change freeze: Year-end change freeze"])
    }

    /// `--context` exports the slice a scoped stack closes for it: production's freeze, nothing
    /// for staging, the freeze again without a context (a missing key never opens a scope).
    @Test func theContextPicksTheSlice() throws {
        let policies = try UseCaseFixture.policies(["Tests/fixtures/scope/production-freeze.lua"])
        func windows(_ pairs: [(String, String)]) throws -> Int {
            var decision = DecisionContext()
            for (key, value) in pairs { try decision.set(key, value) }
            return try ExportUseCase.windows(policies, span: try span("2026-12-01", "2027-01-31"), today: UseCaseFixture.today,
                                             decision: decision).count
        }
        #expect(try windows([("environment", "production")]) == 1)
        #expect(try windows([("environment", "staging")]) == 0)
        #expect(try windows([("environment", "production"), ("service", "status-page")]) == 0)
        #expect(try windows([]) == 1)
    }

    /// An override covering the export's slice is a gap in its windows (the window split around
    /// it); one for a narrower slice, or none given, leaves the window whole.
    @Test func anOverrideIsAGapForTheSliceItCovers() throws {
        let policies = try UseCaseFixture.policies(["policies/change-freeze.lua"])
        let from = Int64(1_798_408_800), until = Int64(1_798_423_200) // 2026-12-27T22:00Z to 2026-12-28T02:00Z
        let override = Override(id: "INC-1", scope: DecisionScope(include: ["environment": ["production"]]), from: from,
                                until: until, reason: "hotfix")
        func windows(_ pairs: [(String, String)]) throws -> [FreezeWindow] {
            var decision = DecisionContext()
            for (key, value) in pairs { try decision.set(key, value) }
            return try ExportUseCase.windows(policies, span: try span("2026-12-01", "2027-01-31"), today: UseCaseFixture.today,
                                             decision: decision, overrides: [override])
        }
        let split = try windows([("environment", "production")])
        #expect(split.map { [$0.start, $0.end] }.count == 2)
        #expect(split.first?.end == from && split.last?.start == until)
        #expect(try windows([]).count == 1)
        #expect(try windows([("environment", "staging")]).count == 1)
    }

    @Test func aSpanPastTwelveMonthsOrBackwardsIsRefused() {
        #expect(throws: RequestError.self) { try span("2026-12-01", "2027-12-01") }
        #expect(throws: RequestError.self) { try span("2026-12-01", "2026-11-30") }
        #expect(throws: RequestError.self) {
            try ExportUseCase.span(UseCaseFixture.values([(OptionCatalogue.from, "2026-12-01")]), zone: .utc)
        }
    }

    @Test func aSpanPastAPolicysDataIsRefused() throws {
        // change-freeze.lua covers up to 2027-12-31.
        let policies = try UseCaseFixture.policies(["policies/change-freeze.lua"])
        let past = try span("2027-06-01", "2028-02-01")
        do throws(RequestFailure) {
            _ = try ExportUseCase.windows(policies, span: past, today: UseCaseFixture.today)
            Issue.record("an export past the policy's data was written")
        } catch {
            guard case .request(let request) = error else { Issue.record("\(error)"); return }
            #expect(request.option.name == OptionCatalogue.to.name)
        }
    }
}
