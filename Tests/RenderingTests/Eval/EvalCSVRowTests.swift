import CalendarCore
import Testing
@testable import Rendering

/// `EvalCSVRenderer.plainRow` writes a row in one piece when its texts need nothing done; it must
/// write exactly what `fieldwiseRow` writes, and write nothing when a text needs escaping,
/// neutralising or quoting (the row is then written field by field).
@Suite struct EvalCSVRowTests {
    static let system = GregorianCalendarSystem()
    static let texts: [String?] = [nil, "", "Christmas Day", "a \"quoted\", comma", "line\nbreak\ttab",
                                   "\u{2028}sep\u{2029}", "control \u{01}\u{7F}", "ünïcødé – 日本", "back\\slash",
                                   "=SUM(A1)", "-1", "+x", "@me", "\rcr", "#c62828", "semi;colon", "'quote",
                                   String(repeating: "long ", count: 400)]

    private func report(policies: [String]) -> EvalReport {
        let first = try! Day(iso: "2026-12-01")
        let settings = DisplaySettings(calendar: .gregorian, system: Self.system, localeIdentifier: "en_US",
                                       names: DisplayNames(locale: "en_US", calendar: .gregorian), firstWeekday: 1,
                                       weekRule: .iso8601, weekRuleName: "iso", today: first)
        return EvalReport(settings: settings, policies: policies, span: ResolvedSpan(months: [], days: DaySpan(first, first)),
                          grids: [], days: [])
    }

    private func fieldwise(_ result: DayEvaluation, _ report: EvalReport) -> [UInt8] {
        var out: [UInt8] = [0x41]
        EvalCSVRenderer.fieldwiseRow(result, index: 0, report: report, to: &out)
        return out
    }

    /// The row as the stream writes it (`rows`), after a byte already in the buffer.
    private func streamed(_ result: DayEvaluation, _ report: EvalReport) -> [UInt8] {
        var out: [UInt8] = [0x41]
        var index = 0
        #expect(EvalCSVRenderer.rows([result], from: 0, index: &index, report: report, to: &out) == 1)
        #expect(index == 1)
        return out
    }

    /// The rows as the stream writes them straight from a run's outcomes (`Evaluator.withOutcomes`
    /// hands it the days and their outcomes), after a byte already in the buffer.
    private func fromOutcomes(_ results: [DayEvaluation], _ report: EvalReport) -> [UInt8] {
        var out: [UInt8] = [0x41]
        var index = 0, position = 0
        var dates = ConsecutiveDates(report.settings.system)
        let repeated = EvalCSVRenderer.RepeatedRowTail()
        let outcomes = UnsafeMutablePointer<PolicyStack.Outcome>.allocate(capacity: results.count)
        defer { outcomes.deallocate() }
        outcomes.initialize(from: results.map(\.outcome), count: results.count)
        results.map(\.day).withUnsafeBufferPointer { days in
            while position < days.count {
                position = EvalCSVRenderer.rows(days, outcomes: outcomes, from: position, dates: &dates, index: &index,
                                                repeated: repeated, report: report, to: &out)
            }
        }
        #expect(index == results.count)
        return out
    }

    private func isPlain(_ text: String?) -> Bool {
        guard var text else { return true }
        return text.withUTF8 { CSVWriter.isPlain($0) }
    }

    @Test func everyShapeOfADayIsWrittenAsFieldByField() throws {
        let report = report(policies: ["policies/a.lua", "b \"odd\".lua", "-c.lua"])
        var compared = 0, plain = 0
        let days = [try Day(iso: "2026-12-25"), try Day(iso: "0001-01-01"), try Day(iso: "9999-12-31"),
                    try Day(iso: "2024-02-29"), Day(dayNumber: Day.supportedRange.lowerBound.dayNumber - 400),
                    Day(dayNumber: Day.supportedRange.upperBound.dayNumber + 1_000_000)]
        for (dayIndex, day) in days.enumerated() {
            for (textIndex, text) in Self.texts.enumerated() {
                let denied = PolicyStack.Decision(verdict: .denied(reason: text), policy: text ?? "named.lua",
                                                  policyIndex: textIndex % 4 == 0 ? nil : textIndex % 4 - 1)
                var decorations: [Decoration?] = [nil, Decoration(), Decoration(label: text, size: .small)]
                for kind in Decoration.Kind.allCases {
                    for size in [nil] + Decoration.Size.allCases.map(Optional.some) {
                        decorations.append(Decoration(kind: kind, label: text, color: text, image: text, size: size))
                    }
                }
                let other = PolicyStack.Decision(verdict: .denied(reason: "other"), policy: "o.lua", policyIndex: 0)
                for (decorationIndex, decoration) in decorations.enumerated() {
                    let allowedFirst = (dayIndex + decorationIndex) % 2 == 0
                    let both = (textIndex + decorationIndex) % 3 == 0
                    let result = DayEvaluation(
                        day: day, date: Self.system.date(of: day),
                        select: allowedFirst && !both ? .allowed : denied,
                        deselect: allowedFirst ? denied : (both ? (textIndex % 2 == 0 ? denied : other) : .allowed),
                        decoration: decoration, decorationPolicy: decoration == nil ? nil : text,
                        decorationPolicyIndex: decoration == nil ? nil : (textIndex % 3 == 0 ? nil : textIndex % 3 - 1))
                    let expected = fieldwise(result, report)
                    #expect(streamed(result, report) == expected)
                    #expect(fromOutcomes([result], report) == expected)
                    var out: [UInt8] = [0x41]
                    let written = EvalCSVRenderer.plainRow(result, report: report, to: &out)
                    if written {
                        #expect(out == expected)
                        plain += 1
                    } else {
                        #expect(out == [0x41])
                    }
                    // Written in one piece exactly when every text of the row is plain.
                    let texts: [String?] = [result.select.verdict.reason, result.deselect.verdict.reason,
                                            decoration?.label, decoration?.color, decoration?.image,
                                            report.identity(result.decorationPolicyIndex, name: result.decorationPolicy),
                                            result.select.isAllowed
                                                ? report.identity(result.deselect.policyIndex, name: result.deselect.policy)
                                                : report.identity(result.select.policyIndex, name: result.select.policy)]
                    #expect(written == texts.allSatisfy(isPlain))
                    compared += 1
                }
            }
        }
        #expect(compared == 6 * Self.texts.count * 15)
        #expect(plain > 200)
    }

    /// A refused or decorated day whose outcome equals the last such day's gets that row's
    /// columns after `deselectable` again (`RepeatedRowTail`): every row must still be what
    /// `fieldwiseRow` writes, when outcomes repeat, alternate, differ only in the deciding
    /// policy's index, the decoration's size or a deselect reason, hold texts that need
    /// escaping or 5,000 bytes, come between days nothing refused (written in one run with
    /// them), and across the year widths and months (the date columns are the day's own).
    @Test func rowsThatRepeatTheLastOutcomeAreWrittenAsFieldByField() throws {
        let report = report(policies: ["policies/weekends.lua", "p.lua", "q \"odd\".lua"])
        let weekend = PolicyStack.Decision(verdict: .denied(reason: "weekend"), policy: "policies/weekends.lua",
                                           policyIndex: 0)
        let outcomes: [PolicyStack.Outcome] = [
            PolicyStack.Outcome(select: weekend),
            PolicyStack.Outcome(select: PolicyStack.Decision(verdict: .denied(reason: "weekend"), policy: "p.lua",
                                                            policyIndex: 1)),
            PolicyStack.Outcome(select: weekend, decoration: Decoration(label: "Christmas Day", size: .small),
                                decorationPolicy: "p.lua", decorationPolicyIndex: 1),
            PolicyStack.Outcome(select: weekend, decoration: Decoration(label: "Christmas Day", size: .large),
                                decorationPolicy: "p.lua", decorationPolicyIndex: 1),
            PolicyStack.Outcome(deselect: PolicyStack.Decision(verdict: .denied(reason: "weekend"), policy: "p.lua",
                                                              policyIndex: 1)),
            PolicyStack.Outcome(select: weekend, deselect: PolicyStack.Decision(verdict: .denied(reason: "held"),
                                                                                 policy: "p.lua", policyIndex: 1)),
            PolicyStack.Outcome(select: PolicyStack.Decision(verdict: .denied(reason: "a, \"quoted\" one"),
                                                            policy: "q \"odd\".lua", policyIndex: 2)),
            PolicyStack.Outcome(select: PolicyStack.Decision(verdict: .denied(reason: nil), policy: "p.lua",
                                                            policyIndex: 1)),
            PolicyStack.Outcome(),
            // Columns longer than a run's region holds at its usual size: the run gets shorter.
            PolicyStack.Outcome(select: weekend, decoration: Decoration(label: String(repeating: "long ", count: 1_000)),
                                decorationPolicy: "p.lua", decorationPolicyIndex: 1),
        ]
        // Runs of one outcome, then alternations, then a pseudo-random order.
        var picks: [Int] = []
        for (index, _) in outcomes.enumerated() { picks += Array(repeating: index, count: 3) }
        for index in 0..<40 { picks.append(index % 2 == 0 ? 0 : index % outcomes.count) }
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<600 {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            picks.append(Int(seed >> 33) % outcomes.count)
        }
        for first in ["0999-12-30", "2026-12-05", "9999-10-01"] {
            let start = try Day(iso: first)
            let count = first.hasPrefix("9999") ? 92 : picks.count
            let results = (0..<count).map { offset -> DayEvaluation in
                let day = start.adding(days: offset)
                return DayEvaluation(day: day, date: Self.system.date(of: day), outcome: outcomes[picks[offset]])
            }
            let expected = results.reduce(into: [UInt8]([0x41])) { out, result in
                EvalCSVRenderer.fieldwiseRow(result, index: 0, report: report, to: &out)
            }
            #expect(fromOutcomes(results, report) == expected, "from \(first)")
        }
    }

    /// Runs of days nothing refused or decorated are written many rows at a time from their
    /// dates (`allowedRow`): each row must be what `fieldwiseRow` writes, across the year widths
    /// (0001, 0999 / 1000, 9999), one- and two-digit months and days, leap days, the end of a
    /// run (a refused or decorated day, every 97th and 300th) and the 128-row limit of a run.
    @Test func runsOfAllowedDaysAreWrittenAsFieldByField() throws {
        let report = report(policies: ["p.lua"])
        let denied = PolicyStack.Decision(verdict: .denied(reason: "closed"), policy: "p.lua", policyIndex: 0)
        for (first, count) in [("0001-01-01", 400), ("0999-12-01", 400), ("1899-12-25", 800), ("2023-12-20", 1_200),
                               ("9999-10-01", 92)] {
            let start = try Day(iso: first)
            let results = (0..<count).map { offset -> DayEvaluation in
                let day = start.adding(days: offset)
                let date = Self.system.date(of: day)
                if offset % 97 == 96 {
                    return DayEvaluation(day: day, date: date, select: denied, deselect: .allowed, decoration: nil,
                                         decorationPolicy: nil)
                }
                if offset % 300 == 299 {
                    return DayEvaluation(day: day, date: date, select: .allowed, deselect: .allowed,
                                         decoration: Decoration(label: "x"), decorationPolicy: "p.lua",
                                         decorationPolicyIndex: 0)
                }
                return DayEvaluation(day: day, date: date, select: .allowed, deselect: .allowed, decoration: nil,
                                     decorationPolicy: nil)
            }
            var expected: [UInt8] = [0x41]
            for result in results { expected += fieldwise(result, report).dropFirst() }
            #expect(fromOutcomes(results, report) == expected, "from \(first)")
        }
    }

    /// The Hebrew calendar's rows (no run of allowed rows: that writer is Gregorian's alone)
    /// are the same from the outcomes.
    @Test func anotherCalendarsRowsFromTheOutcomesAreFieldByField() throws {
        let first = try Day(iso: "2026-01-01")
        let system = CalendarSystems.system(for: .hebrew)
        let gregorian = report(policies: [])
        let settings = DisplaySettings(calendar: .hebrew, system: system, localeIdentifier: "en_US",
                                       names: DisplayNames(locale: "en_US", calendar: .hebrew), firstWeekday: 1,
                                       weekRule: .iso8601, weekRuleName: "iso", today: first)
        let report = EvalReport(settings: settings, policies: [], span: gregorian.span, grids: [], days: [])
        let results = (0..<400).map { offset -> DayEvaluation in
            let day = first.adding(days: offset)
            return DayEvaluation(day: day, date: system.date(of: day), select: .allowed, deselect: .allowed,
                                 decoration: nil, decorationPolicy: nil)
        }
        var expected: [UInt8] = [0x41]
        for result in results { expected += fieldwise(result, report).dropFirst() }
        #expect(fromOutcomes(results, report) == expected)
    }

    @Test func aLeapMonthOfAnotherCalendarIsWrittenAsFieldByField() throws {
        let report = report(policies: [])
        let day = try Day(iso: "2025-07-25")
        let date = CalendarDate(month: CalendarMonth(era: 78, year: 42, month: 6, isLeapMonth: true), day: 1)
        let result = DayEvaluation(day: day, date: date, select: .allowed, deselect: .allowed,
                                   decoration: nil, decorationPolicy: nil)
        let expected = fieldwise(result, report)
        #expect(streamed(result, report) == expected)
        #expect(String(decoding: expected.dropFirst(), as: UTF8.self) == "2025-07-25,42,6L,1,6,true,true,,,,,,,,,,,,\n")
    }

    @Test func theStreamStopsOnceAChunkIsFull() throws {
        let report = report(policies: [])
        let day = try Day(iso: "2026-12-25")
        let result = DayEvaluation(day: day, date: Self.system.date(of: day), select: .allowed, deselect: .allowed,
                                   decoration: nil, decorationPolicy: nil)
        var out = [UInt8](repeating: 0x41, count: DocumentChunk.size)
        var index = 5
        // The first row is always written (the stream passed the buffer on before), then it stops.
        #expect(EvalCSVRenderer.rows([result, result, result], from: 1, index: &index, report: report, to: &out) == 2)
        #expect(index == 6)
        #expect(out.count == DocumentChunk.size + fieldwise(result, report).count - 1)
    }
}
