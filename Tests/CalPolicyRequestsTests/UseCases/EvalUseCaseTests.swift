import CalendarCore
import CalendarData
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

    /// The one question both faces ask: span, grids and zone resolved before any policy runs; the
    /// server's zone when the request names none, the named one otherwise; /v1/days's cap refused
    /// with the span it held.
    @Test func theQuestionResolvesSpanGridsAndZoneBeforeAnyPolicy() throws {
        let evaluation = try UseCaseFixture.evaluation()
        let month = UseCaseFixture.values([(OptionCatalogue.month, "2026-12")])
        let berlin = try ZoneNames.resolve("Europe/Berlin").get()
        let cli = try EvalUseCase.question(month, settings: evaluation.settings, format: .text)
        #expect(cli.zone == nil && cli.grids.count == 1 && cli.span.days.count == 31)
        let server = try EvalUseCase.question(month, settings: evaluation.settings, format: .json, fallbackZone: berlin)
        #expect(server.zone?.identifier == "Europe/Berlin")
        let named = UseCaseFixture.values([(OptionCatalogue.month, "2026-12"), (OptionCatalogue.timeZone, "Asia/Tokyo")])
        #expect(try EvalUseCase.question(named, settings: evaluation.settings, format: .json, fallbackZone: berlin)
                    .zone?.identifier == "Asia/Tokyo")
        #expect(try EvalUseCase.question(month, settings: evaluation.settings, format: .csv).grids.isEmpty)
        let long = UseCaseFixture.values([(OptionCatalogue.from, "2026-01-01"), (OptionCatalogue.to, "2026-12-31")])
        #expect(throws: RequestError.self) {
            try EvalUseCase.question(long, settings: evaluation.settings, format: .json, daysCap: 100)
        }
        do {
            _ = try EvalUseCase.question(long, settings: evaluation.settings, format: .json, daysCap: 100)
        } catch {
            #expect(error.message(.api).contains("2026-01-01...2026-12-31 holds 365"), "\(error.message(.api))")
        }
        let badZone = UseCaseFixture.values([(OptionCatalogue.month, "2026-12"), (OptionCatalogue.timeZone, "Europe/Berln")])
        #expect(throws: RequestError.self) { try EvalUseCase.question(badZone, settings: evaluation.settings, format: .text) }
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
