import CalendarCore
import Rendering
import Testing
@testable import CalPolicyRequests

/// `eval` as a report: policies/us-federal-holidays.lua and policies/weekends.lua over December
/// 2026, in the span the values ask for.
@Suite struct EvalUseCaseTests {
    func report(_ arguments: [String], format: EvalFormat = .text) throws -> EvalReport {
        let evaluation = try UseCaseFixture.evaluation([(OptionCatalogue.month, "2026-12")])
        let span = try EvalUseCase.span(UseCaseFixture.values([(OptionCatalogue.month, "2026-12")]),
                                        settings: evaluation.settings, format: format)
        let grids = try EvalUseCase.grids(span, format: format, settings: evaluation.settings)
        return try EvalUseCase.report(paths: arguments, evaluation: evaluation, span: span, grids: grids, format: format,
                                      policies: try UseCaseFixture.policies(arguments))
    }

    @Test func christmas2026IsClosedByTheUSFederalHolidays() throws {
        let report = try report(["policies/us-federal-holidays.lua"])
        #expect(report.days.count == 31)
        #expect(report.days.first?.day.iso == "2026-12-01")
        let christmas = try #require(report.days.first { $0.day.iso == "2026-12-25" })
        #expect(christmas.isDenied)
        #expect(christmas.select.verdict.reason?.hasPrefix("Christmas Day") == true)
        // Only Christmas: the 24th and the 26th are not federal holidays.
        #expect(report.days.filter(\.isDenied).map(\.day.iso) == ["2026-12-25"])
        #expect(report.policies == ["policies/us-federal-holidays.lua"])
    }

    @Test func weekendsStackWithTheHolidays() throws {
        let report = try report(["policies/weekends.lua", "policies/us-federal-holidays.lua"])
        // Eight weekend days in December 2026 and Christmas (a Friday).
        #expect(report.days.filter(\.isDenied).count == 9)
        #expect(report.grids.count == 1)
    }

    @Test func theSpanFollowsTheFormat() throws {
        let evaluation = try UseCaseFixture.evaluation()
        let values = UseCaseFixture.values([])
        // Text: the month holding today; HTML: its year; iCalendar: this year and the next.
        #expect(try EvalUseCase.span(values, settings: evaluation.settings, format: .text).days.count == 31)
        #expect(try EvalUseCase.span(values, settings: evaluation.settings, format: .html).days.count == 365)
        #expect(try EvalUseCase.span(values, settings: evaluation.settings, format: .ics).days.first.iso == "2025-01-01")
        #expect(try EvalUseCase.grids(try EvalUseCase.span(values, settings: evaluation.settings, format: .csv), format: .csv,
                                      settings: evaluation.settings).isEmpty)
    }
}
