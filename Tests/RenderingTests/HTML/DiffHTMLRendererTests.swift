import CalendarCore
@testable import PolicyEngine
import Testing
@testable import Rendering

@Suite struct DiffHTMLRendererTests {
    private let names = DisplayNames(locale: "en_US", calendar: .gregorian)

    private func record(_ iso: String, selectable: Bool, reason: String? = nil,
                        decoration: Decoration? = nil) throws -> DayRecord {
        DayRecord(day: try Day(iso: iso), selectable: selectable, deselectable: true, reason: reason,
                  decoration: decoration)
    }

    @Test func everyChangedDayShowsOldAndNewByMonth() throws {
        let span = DaySpan(try Day(iso: "2026-01-01"), try Day(iso: "2026-12-31"))
        let changes = [
            DayChange(day: try Day(iso: "2026-06-19"), old: try record("2026-06-19", selectable: true),
                      new: try record("2026-06-19", selectable: false, reason: "Juneteenth",
                                      decoration: Decoration(label: "Juneteenth", color: "#1565c0"))),
            DayChange(day: try Day(iso: "2026-12-24"), old: try record("2026-12-24", selectable: false, reason: "<eve>"),
                      new: try record("2026-12-24", selectable: true)),
        ]
        let html = DiffHTMLRenderer.render(PolicyDiff(old: "old.lua", new: "new.lua", span: span, changes: changes),
                                           names: names)
        #expect(html.contains("<h2 id=\"m2026-06\">2026-06"))
        #expect(html.contains("<h2 id=\"m2026-12\">2026-12"))
        #expect(html.contains("<th scope=\"row\">Friday, June 19, 2026</th><td class=\"old\"><span class=\"verdict\">selectable</span><br><span class=\"deco\" lang=\"en\">no decoration</span></td>"))
        #expect(html.contains("not selectable: Juneteenth"))
        #expect(html.contains("style=\"background-color:#1565c0\""))
        #expect(html.contains("not selectable: &lt;eve&gt;"))
        #expect(html.contains("2 days differ (2026-01-01 to 2026-12-31)"))
    }

    @Test func noChangesIsAPageSayingSo() throws {
        let span = DaySpan(try Day(iso: "2026-01-01"), try Day(iso: "2026-01-31"))
        let html = DiffHTMLRenderer.render(PolicyDiff(old: "a.lua", new: "b.lua", span: span, changes: []),
                                           names: names)
        #expect(html.contains("no differences (2026-01-01 to 2026-01-31)"))
        #expect(!html.contains("<table"))
    }
}
