import CalendarCore
import Testing
@testable import Rendering

/// `EvalJSONMonthLines` writes a month of `eval --format json` without the value tree; it must
/// write exactly what `JSONWriter` writes for `EvalJSONRenderer.month`, four spaces deep.
@Suite struct EvalJSONMonthLinesTests {
    private func tree(_ month: CalendarMonth, grid: MonthGrid, settings: DisplaySettings, span: DaySpan) -> String {
        var out = ""
        JSONWriter.append(EvalJSONRenderer.month(named: month, grid: grid, settings: settings, span: span),
                          indent: 4, to: &out)
        return out
    }

    @Test(arguments: [CalendarIdentifier.gregorian, .hebrew, .japanese, .chinese, .islamicUmmAlQura, .persian])
    func everyMonthOfAYearIsWrittenAsTheValueTreeWritesIt(_ id: CalendarIdentifier) throws {
        let system = CalendarSystems.system(for: id)
        let names = DisplayNames(locale: "en_US", calendar: id)
        let probe = system.date(of: try Day(iso: "2024-03-01")).month
        // A span that starts and ends inside months, so `inSpan` differs within a grid.
        let span = DaySpan(try Day(iso: "2024-02-10"), try Day(iso: "2024-09-20"))
        var compared = 0
        for month in try system.months(inYear: probe.year, era: probe.era) {
            for (first, rule) in [(1, WeekRule.iso8601), (2, WeekRule.iso8601), (7, WeekRule.locale(firstWeekday: 7, minimumDaysInFirstWeek: 1))] {
                let settings = DisplaySettings(calendar: id, system: system, localeIdentifier: "en_US", names: names,
                                               firstWeekday: first, weekRule: rule, weekRuleName: "x",
                                               today: span.first)
                for layout in MonthGrid.Layout.allCases {
                    let grid = try MonthGrid(month: month, calendar: system, firstWeekday: first, weekRule: rule,
                                             layout: layout, today: span.first)
                    var bytes: [UInt8] = []
                    EvalJSONMonthLines.append(month, grid: grid, name: names.monthName(month), span: span, to: &bytes)
                    #expect(String(decoding: bytes, as: UTF8.self) == tree(month, grid: grid, settings: settings, span: span))
                    compared += 1
                }
            }
        }
        #expect(compared >= 12 * 3 * 2)
    }
}
