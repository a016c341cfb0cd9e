import CalendarCore
import Testing
@testable import Rendering

@Suite struct LegendRendererTests {
    private func report(_ span: DaySpan, _ verdict: (Day) -> Verdict) -> EvalReport {
        let system = GregorianCalendarSystem()
        let settings = DisplaySettings(calendar: .gregorian, system: system, localeIdentifier: "en_US",
                                       names: DisplayNames(locale: "en_US", calendar: .gregorian), firstWeekday: 1,
                                       weekRule: .iso8601, weekRuleName: "iso", today: span.first)
        let days = span.map { day in
            let answer = verdict(day)
            return DayEvaluation(day: day, date: system.date(of: day),
                                 select: answer.isAllowed ? .allowed : PolicyStack.Decision(verdict: answer, policy: "p"),
                                 deselect: .allowed, decoration: nil, decorationPolicy: nil)
        }
        return EvalReport(settings: settings, policies: [], span: ResolvedSpan(months: [], days: span),
                          grids: [], days: days)
    }

    private func legend(_ report: EvalReport, _ style: LegendStyle = .short) -> [String] {
        LegendRenderer(report: report, verbose: false, style: style).render().split(separator: "\n").map(String.init)
    }

    @Test func aBlackoutOverWholeWeeksStaysOneRun() throws {
        let span = DaySpan(try Day(iso: "2026-12-01"), try Day(iso: "2026-12-31"))
        let closed = DaySpan(try Day(iso: "2026-12-07"), try Day(iso: "2026-12-20"))
        let lines = legend(report(span) { closed.contains($0) ? .denied(reason: "closed") : .allowed })
        #expect(lines == ["* decorated  ! denied  # both", "! 2026-12-07 Mon – 2026-12-20 Sun  denied: closed"])
    }

    @Test func weekendsOnlyDeniedOnWeekendsAreOneLine() throws {
        let span = DaySpan(try Day(iso: "2026-12-01"), try Day(iso: "2026-12-31"))
        let weekend: (Day) -> Verdict = { [1, 7].contains($0.weekday) ? .denied(reason: "weekend") : .allowed }
        #expect(legend(report(span, weekend)) == ["* decorated  ! denied  # both",
                                                  "! Sat, Sun  denied: weekend (8 weekend days)"])
        #expect(legend(report(span, weekend), .full).count == 9)
        #expect(legend(report(span, weekend), .none).isEmpty)
    }

    /// A run once read `2026-12-07…20 Mon–Sun`: a range of weekdays at a glance. Each end is
    /// now a whole date beside its own weekday, across months and years alike.
    @Test func aRunReadsAsARangeOfDaysEachWithItsWeekday() throws {
        let legend = LegendRenderer(report: report(DaySpan(try Day(iso: "2026-12-01"), try Day(iso: "2026-12-01"))) { _ in .allowed },
                                    verbose: false, style: .short)
        #expect(legend.runText(try Day(iso: "2026-12-01"), try Day(iso: "2026-12-09")) == "2026-12-01 Tue – 2026-12-09 Wed")
        #expect(legend.runText(try Day(iso: "2026-11-28"), try Day(iso: "2026-12-03")) == "2026-11-28 Sat – 2026-12-03 Thu")
        #expect(legend.runText(try Day(iso: "2026-12-31"), try Day(iso: "2027-01-01")) == "2026-12-31 Thu – 2027-01-01 Fri")
    }
}
