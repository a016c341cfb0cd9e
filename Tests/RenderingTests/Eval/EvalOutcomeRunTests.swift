import CalendarCore
import Testing
@testable import Rendering

/// `eval --format json` writes its day lines from each run's outcomes (`EvalOutcomeRun`): a day
/// that holds nothing from its day and date alone (`EvalJSONDayLine.appendBare`), any other from
/// its record. The document must be byte for byte the one written from a record per day.
@Suite struct EvalOutcomeRunTests {
    private func report(_ calendar: CalendarIdentifier, locale: String, first: Day, count: Int) -> EvalReport {
        let system = CalendarSystems.system(for: calendar)
        let settings = DisplaySettings(calendar: calendar, system: system, localeIdentifier: locale,
                                       names: DisplayNames(locale: locale, calendar: calendar), firstWeekday: 1,
                                       weekRule: .iso8601, weekRuleName: "iso", today: first)
        return EvalReport(settings: settings, policies: ["policies/a.lua", "b.lua"],
                          span: ResolvedSpan(months: [], days: DaySpan(first, first.adding(days: count - 1))),
                          grids: [], days: [])
    }

    /// A record per day of `count` from `first`: every 7th refused, every 11th decorated, every
    /// 13th not deselectable, every 17th allowed but named (a policy index alone), the rest
    /// holding nothing.
    private func results(_ report: EvalReport, first: Day, count: Int) -> [DayEvaluation] {
        let denied = PolicyStack.Decision(verdict: .denied(reason: "closed \"now\""), policy: "a", policyIndex: 0)
        return (0..<count).map { offset in
            let day = first.adding(days: offset)
            var outcome = PolicyStack.Outcome()
            if offset % 7 == 6 { outcome.select = denied }
            if offset % 11 == 10 {
                outcome.decoration = Decoration(label: "Day \(offset)")
                outcome.decorationPolicy = "b"
                outcome.decorationPolicyIndex = 1
            }
            if offset % 13 == 12 { outcome.deselect = denied }
            if offset % 17 == 16 { outcome.select.policyIndex = 1 }
            return DayEvaluation(day: day, date: report.settings.system.date(of: day), outcome: outcome)
        }
    }

    /// The run taken from `results`' outcomes, as `Evaluator.withOutcomes` hands them over.
    private func run(_ results: [DayEvaluation], _ report: EvalReport) -> EvalOutcomeRun {
        var run = EvalOutcomeRun()
        var dates = ConsecutiveDates(report.settings.system)
        let outcomes = UnsafeMutablePointer<PolicyStack.Outcome>.allocate(capacity: results.count)
        defer { outcomes.deallocate() }
        outcomes.initialize(from: results.map(\.outcome), count: results.count)
        results.map(\.day).withUnsafeBufferPointer { run.take($0, outcomes: outcomes, dates: &dates) }
        return run
    }

    private func document(_ report: EvalReport, _ append: (inout EvalJSONRenderer.Stream<DocumentBuffer>) -> Void) -> String {
        let sink = DocumentBuffer()
        var stream = EvalJSONRenderer.Stream(report, to: sink)
        append(&stream)
        stream.finish()
        return sink.text
    }

    @Test func aRunKeepsARecordOnlyForADayThatHoldsSomething() throws {
        let first = try Day(iso: "2026-01-01")
        let report = report(.gregorian, locale: "en_US", first: first, count: 60)
        let results = results(report, first: first, count: 60)
        let run = run(results, report)
        #expect(run.days == results.map(\.day))
        #expect(run.dates == results.map(\.date))
        let held = results.filter { $0.outcome != PolicyStack.Outcome() }
        #expect(run.records.map(\.day) == held.map(\.day))
        #expect(run.records.map(\.outcome) == held.map(\.outcome))
        for (position, result) in results.enumerated() {
            #expect((run.recordIndex[position] < 0) == (result.outcome == PolicyStack.Outcome()), "\(result.day)")
        }
        // An allowed day that names a policy is not bare: its line names it.
        #expect(run.recordIndex[16] >= 0)
    }

    /// The built-in English names (the label written in the line's region), a locale's, a
    /// right-to-left one, and calendars other than the Gregorian (dates not Gregorian, the
    /// label through the locale); spans of more than one chunk of the stream.
    @Test(arguments: [(CalendarIdentifier.gregorian, "en_US"), (.gregorian, "de_DE"), (.gregorian, "ar_EG"),
                      (.hebrew, "he_IL"), (.hebrew, "en_US"), (.chinese, "zh_CN"), (.iso8601, "en_US")])
    func theDocumentFromARunIsTheDocumentFromRecords(_ calendar: CalendarIdentifier, _ locale: String) throws {
        for (iso, count) in [("2023-12-20", 800), ("0001-01-01", 40), ("9999-11-01", 61), ("1999-09-01", 4_000)] {
            let first = try Day(iso: iso)
            let report = report(calendar, locale: locale, first: first, count: count)
            let results = results(report, first: first, count: count)
            let expected = document(report) { $0.append(results) }
            // Two runs, as the use case hands them over.
            let half = count / 2
            let runs = [run(Array(results[..<half]), report), run(Array(results[half...]), report)]
            let written = document(report) { stream in runs.forEach { stream.append($0) } }
            #expect(written == expected, "\(calendar) \(locale) from \(iso)")
        }
    }

    /// Every weekday and month name (the longest English date is "Wednesday, September 30"), and
    /// years of one to five digits, after either separator.
    @Test func aBareLineIsTheLineOfItsEmptyRecord() throws {
        for locale in ["en_US", "de_DE"] {
            let names = DisplayNames(locale: locale, calendar: .gregorian)
            let labeler = DayLabeler(names: names)
            let first = try Day(iso: "2026-01-01")
            let report = report(.gregorian, locale: locale, first: first, count: 1)
            var days = (0..<400).map { first.adding(days: $0) }
            days += [try Day(iso: "0001-01-01"), try Day(iso: "0999-12-31"), try Day(iso: "9999-12-31"),
                     try Day(iso: "2026-09-30"), Day(dayNumber: Day.supportedRange.upperBound.dayNumber + 400_000)]
            for day in days {
                let date = GregorianCalendarSystem().date(of: day)
                for separator: StaticString in ["[\n    ", ",\n    "] {
                    var bare: [UInt8] = []
                    EvalJSONDayLine.appendBare(day, date: date, separator: separator, gregorian: true,
                                               englishLabel: names.isBuiltIn, labeler: labeler, to: &bare)
                    var expected = Array(UnsafeBufferPointer(start: separator.utf8Start, count: separator.utf8CodeUnitCount))
                    EvalJSONDayLine.append(DayEvaluation(day: day, date: date, outcome: PolicyStack.Outcome()),
                                           in: report, labeler: labeler, to: &expected)
                    #expect(bare == expected, "\(locale) \(day)")
                }
            }
        }
    }
}
