import CalendarCore
import Rendering
import Testing
@testable import CalPolicyRequests

/// The iCalendar feed: one call from a typed request to what `EvalICSRenderer` writes.
@Suite struct FeedUseCaseTests {
    func feed(_ arguments: [String], _ pairs: [(OptionSpec, String)] = [], zone: ZoneWallTime? = nil) throws -> ICSFeed {
        let evaluation = try UseCaseFixture.evaluation(pairs)
        let values = UseCaseFixture.values([(OptionCatalogue.from, "2026-12-01"), (OptionCatalogue.to, "2027-01-31")] + pairs)
        let policies = try UseCaseFixture.policies(arguments)
        let request = FeedUseCase.Request(span: try SpanResolver.resolveForExport(values, settings: evaluation.settings),
                                          filter: try FeedUseCase.filter(values, evaluation: evaluation, policies: policies),
                                          zone: zone)
        return try FeedUseCase.run(request, paths: arguments, evaluation: evaluation, policies: policies)
    }

    func text(_ feed: ICSFeed, name: String? = nil) -> String {
        let buffer = DocumentBuffer()
        EvalICSRenderer.render(feed, name: name, to: buffer)
        return buffer.text
    }

    @Test func christmasIsAnAllDayEventOfTheHolidaysFeed() throws {
        let feed = try feed(["policies/us-federal-holidays.lua"])
        #expect(feed.feed.layers.count == 1)
        #expect(feed.feed.span.count == 62)
        #expect(feed.timed == nil)  // no policy defines hours
        #expect(feed.layersName == "us-federal-holidays")
        let text = text(feed)
        #expect(text.contains("X-WR-CALNAME:us-federal-holidays\r\n"))
        #expect(text.contains("DTSTART;VALUE=DATE:20261225\r\n"))
        #expect(text.contains("DTSTART;VALUE=DATE:20270101\r\n"))
        #expect(self.text(feed, name: "Ops").contains("X-WR-CALNAME:Ops\r\n"))
    }

    /// An override covering the question is an event of its own (CATEGORIES override), and the
    /// eval documents list it; one for another context is in none of them.
    @Test func anOverrideIsAnEventAndALine() throws {
        var evaluation = try UseCaseFixture.evaluation([(OptionCatalogue.context, "environment=production")])
        let override = Override(id: "INC-1", scope: DecisionScope(include: ["environment": ["production"]]),
                                from: 1_798_408_800, until: 1_798_423_200, reason: "hotfix", ticket: "INC-1", approvedBy: "sre-lead")
        let other = Override(id: "STG-1", scope: DecisionScope(include: ["environment": ["staging"]]),
                             from: 1_798_408_800, until: 1_798_423_200, reason: "staging")
        evaluation.settings.overrides = [override, other]
        let values = UseCaseFixture.values([(OptionCatalogue.from, "2026-12-01"), (OptionCatalogue.to, "2027-01-31")])
        let policies = try UseCaseFixture.policies(["policies/change-freeze.lua"])
        let span = try SpanResolver.resolveForExport(values, settings: evaluation.settings)
        let request = FeedUseCase.Request(span: span, filter: try FeedUseCase.filter(values, evaluation: evaluation, policies: policies),
                                          zone: nil)
        let feed = try FeedUseCase.run(request, paths: ["policies/change-freeze.lua"], evaluation: evaluation, policies: policies)
        let ics = text(feed)
        #expect(ics.contains("SUMMARY:Override INC-1: hotfix\r\n") && ics.contains("CATEGORIES:override\r\n"))
        #expect(ics.contains("DTSTART:20261227T220000Z\r\n") && ics.contains("DTEND:20261228T020000Z\r\n"))
        #expect(!ics.contains("STG-1"))
        let report = try EvalUseCase.report(paths: ["policies/change-freeze.lua"], evaluation: evaluation, span: span, grids: [],
                                            format: .text, policies: policies)
        #expect(report.overrides.map(\.id) == ["INC-1"])
        let json = DocumentBuffer()
        EvalJSONRenderer.render(report, to: json)
        #expect(json.text.contains("\"overrides\": [{\"id\": \"INC-1\""))
        evaluation.settings.overrides = []
        let plain = try EvalUseCase.report(paths: ["policies/change-freeze.lua"], evaluation: evaluation, span: span, grids: [],
                                           format: .text, policies: policies)
        let without = DocumentBuffer()
        EvalJSONRenderer.render(plain, to: without)
        #expect(!without.text.contains("overrides"))
    }

    @Test func aPolicyWithHoursAddsTimedEventsInTheStacksZone() throws {
        let feed = try feed(["Tests/fixtures/hours/year_end_freeze.lua"], zone: ZoneWallTime.utc)
        let timed = try #require(feed.timed)
        #expect(timed.hours != nil)
        #expect(text(feed).contains("Year-end change freeze"))
    }

    @Test func theFilterOnlyNamesTheStacksLayers() throws {
        #expect(throws: RequestError.self) {
            try feed(["policies/us-federal-holidays.lua"], [(OptionCatalogue.feedFilter[1], "nope.lua")])
        }
    }
}
