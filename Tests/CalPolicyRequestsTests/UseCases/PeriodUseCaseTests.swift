import CalendarCore
import Rendering
import Testing
@testable import CalPolicyRequests

/// A period holding a date, moved by a step, with its neighbours (`GET /v1/period`).
@Suite struct PeriodUseCaseTests {
    let settings = { () -> DisplaySettings in
        do { return try UseCaseFixture.evaluation().settings } catch { fatalError("\(error)") }
    }()

    @Test func theMonthAfterChristmasIsJanuary() throws {
        let answer = try PeriodUseCase.resolve(kind: "month", date: "2026-12-25", step: "1", settings: settings)
        #expect(answer.current.first.iso == "2027-01-01")
        #expect(answer.current.last.iso == "2027-01-31")
        #expect(answer.previous.first.iso == "2026-12-01")
        #expect(answer.next.first.iso == "2027-02-01")
        #expect(answer.step == 1)
    }

    @Test func aWeekStartsOnTheFirstWeekday() throws {
        // en_US: weeks start on Sunday; 2026-12-25 is a Friday.
        let answer = try PeriodUseCase.resolve(kind: "week", date: "2026-12-25", step: "0", settings: settings)
        #expect(answer.current.first.iso == "2026-12-20")
        #expect(answer.current.last.iso == "2026-12-26")
        let year = try PeriodUseCase.resolve(kind: "year", date: "2026-12-25", step: "-1", settings: settings)
        #expect(year.current.first.iso == "2025-01-01")
    }

    @Test func badKindDateOrStepAreRefusedNamingTheirOption() {
        for (kind, date, step, option) in [("day", "2026-12-25", "0", OptionCatalogue.kind),
                                           ("month", "2026-13-01", "0", OptionCatalogue.date),
                                           ("month", "2026-12-25", "2", OptionCatalogue.step)] {
            do throws(RequestError) {
                _ = try PeriodUseCase.resolve(kind: kind, date: date, step: step, settings: settings)
                Issue.record("accepted \(kind) \(date) \(step)")
            } catch {
                #expect(error.option.name == option.name)
            }
        }
    }
}
