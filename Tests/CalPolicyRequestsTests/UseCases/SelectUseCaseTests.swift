import CalendarCore
import Rendering
import Testing
@testable import CalPolicyRequests

/// `select`: taps replayed under policies/us-federal-holidays.lua; a supplied selection is asked again.
@Suite struct SelectUseCaseTests {
    static let holidays = { () -> [any DayPolicy] in
        do { return try UseCaseFixture.policies(["policies/us-federal-holidays.lua"]) } catch { fatalError("\(error)") }
    }()

    func run(_ pairs: [(OptionSpec, String)]) throws -> SelectOutcome {
        let request = try SelectUseCase.request(UseCaseFixture.values(pairs))
        return try SelectUseCase.run(request, policies: Self.holidays, builtIns: [],
                                     settings: try UseCaseFixture.evaluation().settings, paths: ["policies/us-federal-holidays.lua"])
    }

    @Test func christmasIsRejectedAndTheEveKept() throws {
        let outcome = try run([(OptionCatalogue.mode, "multiple"), (OptionCatalogue.tap, "2026-12-24"),
                               (OptionCatalogue.tap, "2026-12-25")])
        #expect(outcome.selection.map(\.iso) == ["2026-12-24"])
        #expect(outcome.taps.map(\.accepted) == [true, false])
        #expect(outcome.taps[1].reason?.hasPrefix("Christmas Day") == true)
        #expect(outcome.taps[1].policyIndex == 0)
        #expect(!outcome.allAccepted)
    }

    @Test func aRangeOverChristmasIsRefused() throws {
        let outcome = try run([(OptionCatalogue.mode, "range"), (OptionCatalogue.tap, "2026-12-23"),
                               (OptionCatalogue.tap, "2026-12-28")])
        #expect(outcome.taps.last?.accepted == false)
        #expect(outcome.taps.last?.deniedDay?.iso == "2026-12-25")
    }

    @Test func aSuppliedSelectionTheStackDeniesIsRefusedNamingIt() throws {
        do {
            _ = try run([(OptionCatalogue.mode, "multiple"), (OptionCatalogue.selection, "2026-12-25"),
                         (OptionCatalogue.tap, "2026-12-24")])
            Issue.record("a denied supplied day was accepted")
        } catch let failure as RequestFailure {
            guard case .refused(let option, _) = failure else { Issue.record("\(failure)"); return }
            #expect(option.name == OptionCatalogue.selection.name)
        }
    }

    @Test func aRequestWithoutTapsOrModeIsRefusedBeforeAnyPolicyRuns() {
        #expect(throws: RequestError.self) { try SelectUseCase.request(UseCaseFixture.values([(OptionCatalogue.mode, "single")])) }
        #expect(throws: RequestError.self) { try SelectUseCase.request(UseCaseFixture.values([(OptionCatalogue.tap, "2026-12-24")])) }
        #expect(throws: RequestError.self) {
            try SelectUseCase.request(UseCaseFixture.values([(OptionCatalogue.mode, "single"), (OptionCatalogue.tap, "2026-12-24"),
                                                             (OptionCatalogue.maxCount, "2")]))
        }
    }
}
