import CalendarCore
import Testing
@testable import CalPolicyRequests

/// `POST /v1/admit`'s decision, in process over real Lua (policies/change-freeze.lua): a change
/// blocked with the reason, the policy and until when; let through with a warning when a freeze
/// starts within two hours; an override claim checked (unknown, not active, not covering) before
/// it may lift anything.
@Suite struct AdmitUseCaseTests {
    let policies: [any DayPolicy]
    init() throws { policies = try UseCaseFixture.policies(["policies/change-freeze.lua"]) }

    func question(_ at: String, _ pairs: [(String, String)] = []) throws -> GateUseCase.Question {
        var question = try GateUseCase.question(at, zone: .utc, today: nil)
        for (key, value) in pairs { try question.decision.set(key, value) }
        return question
    }

    func override(_ id: String, from: String, until: String, environment: String = "production") throws -> Override {
        Override(id: id, scope: DecisionScope(include: ["environment": [environment]]),
                 from: try GateUseCase.question(from, zone: .utc, today: nil).instant,
                 until: try GateUseCase.question(until, zone: .utc, today: nil).instant, reason: "hotfix")
    }

    @Test func aFrozenChangeIsBlockedWithItsReasonPolicyAndEnd() throws {
        let verdict = try AdmitUseCase.decide(question("2026-12-24T10:00:00Z"), action: "create", policies: policies,
                                              names: ["policies/change-freeze.lua"], override: nil)
        #expect(!verdict.allowed && verdict.policy == "policies/change-freeze.lua" && verdict.overrideID == nil)
        #expect(verdict.message == "create blocked by change freeze: Year-end change freeze until 2027-01-05T00:00:00+00:00 (policies/change-freeze.lua)")
    }

    @Test func anOpenChangeIsWarnedOfAFreezeWithinTwoHours() throws {
        let soon = try AdmitUseCase.decide(question("2026-12-17T22:25:00Z"), action: "update", policies: policies,
                                           names: ["change-freeze.lua"], override: nil)
        #expect(soon.allowed && soon.message == nil)
        #expect(soon.warnings == ["freeze starts in 1h 35m: change freeze: Year-end change freeze"])
        let later = try AdmitUseCase.decide(question("2026-12-17T21:59:00Z"), action: "update", policies: policies,
                                            names: ["change-freeze.lua"], override: nil)
        #expect(later.allowed && later.warnings.isEmpty)
    }

    @Test func aValidClaimLiftsTheFreezeAndIsNamed() throws {
        let fix = try override("CHG-1", from: "2026-12-24T09:00:00Z", until: "2026-12-24T13:00:00Z")
        let asked = try question("2026-12-24T10:00:00Z", [("environment", "production")])
        guard case .success(let claimed)? = AdmitUseCase.claimedOverride(id: "CHG-1", overrides: [fix], context: asked.decision,
                                                                         instant: asked.instant) else {
            Issue.record("CHG-1 should be claimable")
            return
        }
        let verdict = try AdmitUseCase.decide(asked, action: "create", policies: policies, names: ["change-freeze.lua"],
                                              override: claimed)
        #expect(verdict.allowed && verdict.overrideID == "CHG-1")
    }

    @Test func aClaimIsRefusedWhenUnknownInactiveOrNotCovering() throws {
        let fix = try override("CHG-1", from: "2026-12-24T09:00:00Z", until: "2026-12-24T13:00:00Z")
        let asked = try question("2026-12-24T10:00:00Z", [("environment", "production")])
        #expect(AdmitUseCase.claimedOverride(id: nil, overrides: [fix], context: asked.decision, instant: asked.instant) == nil)
        #expect(AdmitUseCase.claimedOverride(id: "CHG-9", overrides: [fix], context: asked.decision, instant: asked.instant)
                == .failure(.unknown("CHG-9")))
        let after = try question("2026-12-24T14:00:00Z", [("environment", "production")])
        #expect(AdmitUseCase.claimedOverride(id: "CHG-1", overrides: [fix], context: after.decision, instant: after.instant)
                == .failure(.inactive("CHG-1", .expired)))
        let staging = try question("2026-12-24T10:00:00Z", [("environment", "staging")])
        #expect(AdmitUseCase.claimedOverride(id: "CHG-1", overrides: [fix], context: staging.decision, instant: staging.instant)
                == .failure(.notCovering("CHG-1")))
        #expect(OverrideClaimRefusal.unknown("CHG-9").message.contains("is not a standing override of this stack"))
    }

    @Test func durationsRoundUpToWholeMinutes() {
        #expect([0, 1, 60, 61, 3600, 5700, 7199].map(AdmitUseCase.duration) == ["0m", "1m", "1m", "2m", "1h", "1h 35m", "2h"])
    }
}
