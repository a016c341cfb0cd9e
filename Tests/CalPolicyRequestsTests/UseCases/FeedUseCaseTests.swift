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
