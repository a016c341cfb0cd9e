import CalendarCore
import Testing
@testable import Rendering

@Suite struct EvalHTMLRendererTests {
    /// December 2026 in `locale`: the 25th denied with `reason` and decorated with `decoration`.
    private func page(locale: String = "en_US", reason: String = "Christmas Day",
                      decoration: Decoration? = Decoration(label: "Christmas Day", color: "#c62828"),
                      today: String = "2026-12-01") throws -> String {
        let system = GregorianCalendarSystem()
        let month = CalendarMonth(year: 2026, month: 12)
        let span = try system.span(of: month)
        let settings = DisplaySettings(calendar: .gregorian, system: system, localeIdentifier: locale,
                                       names: DisplayNames(locale: locale, calendar: .gregorian), firstWeekday: 1,
                                       weekRule: .iso8601, weekRuleName: "iso", today: try Day(iso: today))
        let christmas = try Day(iso: "2026-12-25")
        let days = span.map { day in
            DayEvaluation(day: day, date: system.date(of: day),
                          select: day == christmas ? PolicyStack.Decision(verdict: .denied(reason: reason), policy: "p")
                              : .allowed,
                          deselect: .allowed, decoration: day == christmas ? decoration : nil,
                          decorationPolicy: day == christmas && decoration != nil ? "p" : nil)
        }
        let grid = try MonthGrid(month: month, calendar: system, firstWeekday: 1, weekRule: .iso8601,
                                 today: settings.today)
        let report = EvalReport(settings: settings, policies: ["holidays.lua"],
                                span: ResolvedSpan(months: [month], days: span, kind: .month(month)),
                                grids: [(month: month, grid: grid)], days: days)
        return EvalHTMLRenderer.render(report)
    }

    @Test func aDeniedDayCarriesItsLabelAsTitleAndSpokenText() throws {
        let html = try page()
        let label = "Friday, December 25, 2026, not selectable: Christmas Day"
        #expect(html.contains("<td class=\"day denied decorated\" title=\"\(label)\">"))
        #expect(html.contains("<span class=\"sr\">\(label)</span>"))
        #expect(html.contains("<span class=\"mk\" aria-hidden=\"true\">#</span>"))
        #expect(html.contains("style=\"background-color:#c62828\""))
    }

    @Test func theMonthIsATableWithWeekdayColumnHeaders() throws {
        let html = try page()
        #expect(html.contains("<caption>December 2026</caption>"))
        #expect(html.contains("<th scope=\"col\" abbr=\"Sunday\">Sun</th>"))
        #expect(html.components(separatedBy: "<th scope=\"col\"").count == 8)
    }

    @Test func todayIsMarked() throws {
        let html = try page(today: "2026-12-09")
        #expect(html.contains("class=\"day today\" title=\"Wednesday, December 9, 2026, selectable\" aria-current=\"date\""))
    }

    @Test func policyTextIsEscapedEverywhere() throws {
        let evil = "<img src=x onerror=alert(1)>\"'"
        let html = try page(reason: evil, decoration: Decoration(kind: .custom, label: evil, color: "red;x:url(y)"))
        #expect(!html.contains("<img"))
        #expect(html.contains("&lt;img src=x onerror=alert(1)&gt;&quot;&#39;"))
        #expect(!html.contains("url(y)"))
    }

    @Test func anInvalidColourFallsBackToTheDefaultDot() throws {
        let html = try page(decoration: Decoration(label: "x", color: "not-a-colour"))
        #expect(html.contains("<span class=\"dot\" aria-hidden=\"true\"></span>"))
    }

    @Test func imagesAreNamedIconsAndUnknownOnesDots() throws {
        let star = try page(decoration: Decoration(kind: .image, label: "Star", image: "star.fill"))
        #expect(star.contains("<use href=\"#i-star\"/>"))
        #expect(star.contains("<symbol id=\"i-star\""))
        let unknown = try page(decoration: Decoration(kind: .image, label: "Odd", image: "no-such-icon"))
        #expect(!unknown.contains("<use "))
        #expect(unknown.contains("class=\"dot\""))
    }

    @Test func rightToLeftLocalesGetDirRtl() throws {
        #expect(try page(locale: "he_IL").contains("<html lang=\"he-IL\" dir=\"rtl\">"))
        #expect(try page(locale: "ar_EG").contains("dir=\"rtl\""))
        #expect(try page(locale: "de_DE").contains("<html lang=\"de-DE\" dir=\"ltr\">"))
    }

    @Test func thePageIsSelfContainedAndPrintable() throws {
        let html = try page()
        #expect(!html.contains("<script"))
        #expect(!html.contains("http://") && !html.contains("https://"))
        #expect(html.contains("@page { size: landscape"))
        #expect(html.contains("prefers-color-scheme: dark"))
        #expect(html.hasSuffix("</html>\n"))
    }

    @Test func theLegendIsTheTextCalendars() throws {
        let html = try page()
        #expect(html.contains("<p class=\"key\">* decorated  ! denied  # both</p>"))
        #expect(html.contains("<li># 2026-12-25 Fri  Christmas Day; denied</li>"))
    }
}
