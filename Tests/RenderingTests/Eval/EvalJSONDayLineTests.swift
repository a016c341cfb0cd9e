import CalendarCore
import Testing
@testable import Rendering

/// `EvalJSONDayLine` writes a day of `eval --format json` without the value tree; it must write
/// exactly what `JSONWriter` writes for `EvalJSONRenderer.day`, for every shape a day can take.
@Suite struct EvalJSONDayLineTests {
    static let system = GregorianCalendarSystem()
    static let texts: [String?] = [nil, "", "Christmas Day", "a \"quoted\", comma", "line\nbreak\ttab",
                                   "\u{2028}sep\u{2029}", "control \u{01}\u{7F}", "ünïcødé – 日本", "back\\slash"]

    private func report(policies: [String], locale: String = "en_US") -> EvalReport {
        let first = try! Day(iso: "2026-12-01")
        let settings = DisplaySettings(calendar: .gregorian, system: Self.system, localeIdentifier: locale,
                                       names: DisplayNames(locale: locale, calendar: .gregorian), firstWeekday: 1,
                                       weekRule: .iso8601, weekRuleName: "iso", today: first)
        return EvalReport(settings: settings, policies: policies, span: ResolvedSpan(months: [], days: DaySpan(first, first)),
                          grids: [], days: [])
    }

    private func line(_ result: DayEvaluation, _ report: EvalReport, labeler: DayLabeler) -> String {
        var bytes: [UInt8] = []
        EvalJSONDayLine.append(result, in: report, labeler: labeler, to: &bytes)
        // The ISO date written from the day's Gregorian date is the same text.
        var fromDate: [UInt8] = []
        EvalJSONDayLine.append(result, in: report, labeler: labeler, gregorian: true, to: &fromDate)
        #expect(fromDate == bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    private func tree(_ result: DayEvaluation, _ report: EvalReport, labeler: DayLabeler) -> String {
        var out = ""
        JSONWriter.append(EvalJSONRenderer.day(result, in: report, labeler: labeler), indent: 4, to: &out)
        return out
    }

    /// In the built-in English names (written without a String) and a locale's (de_DE, ar_EG).
    @Test(arguments: ["en_US", "de_DE", "ar_EG"])
    func everyShapeOfADayIsWrittenAsTheValueTreeWritesIt(_ locale: String) throws {
        let report = report(policies: ["policies/a.lua", "b \"odd\".lua"], locale: locale)
        let labeler = DayLabeler(names: report.settings.names)
        var compared = 0
        let days = [try Day(iso: "2026-12-25"), try Day(iso: "0001-01-01"), try Day(iso: "9999-12-31"),
                    try Day(iso: "2024-02-29")]
        for (dayIndex, day) in days.enumerated() {
            for (textIndex, text) in Self.texts.enumerated() {
                let denied = PolicyStack.Decision(verdict: .denied(reason: text), policy: text ?? "named.lua",
                                                  policyIndex: textIndex % 3 == 0 ? nil : textIndex % 3 - 1)
                let decorations: [Decoration?] = [
                    nil,
                    Decoration(),
                    Decoration(kind: .default, label: text, color: text, image: text, size: .medium),
                    Decoration(label: text, size: .small, observedOf: "2026-12-24", estimated: true),
                    Decoration(label: text, estimated: false),
                ]
                let other = PolicyStack.Decision(verdict: .denied(reason: "other"), policy: "o.lua", policyIndex: 0)
                for (decorationIndex, decoration) in decorations.enumerated() {
                    let allowedFirst = (dayIndex + decorationIndex) % 2 == 0
                    // Both denied, with the same or another reason, on every third shape.
                    let both = (textIndex + decorationIndex) % 3 == 0
                    let result = DayEvaluation(
                        day: day, date: Self.system.date(of: day),
                        select: allowedFirst && !both ? .allowed : denied,
                        deselect: allowedFirst ? denied : (both ? (textIndex % 2 == 0 ? denied : other) : .allowed),
                        decoration: decoration, decorationPolicy: decoration == nil ? nil : text,
                        decorationPolicyIndex: decoration == nil ? nil : textIndex % 2,
                        lines: DecisionLines(select: allowedFirst ? nil : 12, deselect: textIndex % 2 == 0 ? 7 : nil,
                                             decoration: decoration == nil ? nil : 1_000_000))
                    let written = line(result, report, labeler: labeler)
                    #expect(written == tree(result, report, labeler: labeler))
                    compared += 1
                }
            }
        }
        #expect(compared == 4 * Self.texts.count * 5)
    }

    @Test func aLeapMonthOfAnotherCalendarIsWrittenAsTheTreeWritesIt() throws {
        let report = report(policies: [])
        let labeler = DayLabeler(names: report.settings.names)
        let day = try Day(iso: "2025-07-25")
        let date = CalendarDate(month: CalendarMonth(era: 78, year: 42, month: 6, isLeapMonth: true), day: 1)
        let result = DayEvaluation(day: day, date: date, select: .allowed, deselect: .allowed,
                                   decoration: nil, decorationPolicy: nil)
        #expect(line(result, report, labeler: labeler) == tree(result, report, labeler: labeler))
        #expect(line(result, report, labeler: labeler).contains("\"isLeapMonth\": true"))
    }
}
