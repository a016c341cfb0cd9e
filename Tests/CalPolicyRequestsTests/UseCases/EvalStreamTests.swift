import CalendarCore
import Foundation
import PolicyEngine
import Rendering
import Testing
@testable import CalPolicyRequests

/// `eval` as CSV and JSON written while evaluated (`EvalUseCase.write`): the same bytes as the
/// whole report rendered at once, over spans of several runs; and a policy error in a later
/// run ends the document after the rows before it, thrown as ever.
@Suite struct EvalStreamTests {
    static let today = Day(dayNumber: 20_425)  // 2025-12-03

    static func policy(_ source: String) throws -> (path: String, policies: [any DayPolicy]) {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("stream-\(UUID().uuidString).lua").path
        try Data(source.utf8).write(to: URL(fileURLWithPath: path))
        let loaded = try PolicySources.load([(path: path, bytes: try PolicySources.read(path))],
                                            options: PolicySources.options(today: today, print: nil))
        return (path, try BuiltInReference.stack([path, "holidays:US"], files: loaded))
    }

    static func request(from: String, to: String) throws -> (EvaluationOptions, ResolvedSpan) {
        var values = RequestValues()
        values.add(value: from, for: OptionCatalogue.from)
        values.add(value: to, for: OptionCatalogue.to)
        let evaluation = try EvaluationOptions(values, environmentLocale: "en_US", today: today)
        return (evaluation, try SpanResolver.resolve(values, settings: evaluation.settings))
    }

    static let weekendsAndLabels = """
        return {
          canSelect = function(day)
            if day.weekday == 1 or day.weekday == 7 then return false, "weekend" end
            return true
          end,
          decorationFor = function(day)
            if day.day == 13 then return { kind = "default", label = "payday " .. day.month } end
          end,
        }
        """

    /// Only CSV and JSON stream; the other formats have no streamed form.
    @Test func onlyCSVAndJSONStream() {
        for format in [EvalFormat.text, .html, .ics] { #expect(StreamedEvalFormat(format) == nil) }
        #expect(StreamedEvalFormat(.csv)?.evalFormat == .csv)
        #expect(StreamedEvalFormat(.json)?.evalFormat == .json)
    }

    @Test(arguments: [EvalFormat.csv, EvalFormat.json])
    func aSpanOfSeveralRunsIsTheWholeReportByteForByte(_ format: EvalFormat) throws {
        let (path, policies) = try Self.policy(Self.weekendsAndLabels)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let (evaluation, span) = try Self.request(from: "2019-02-27", to: "2031-07-04")
        #expect(span.days.count > 4 * Evaluator.chunk)
        let grids = try EvalUseCase.grids(span, format: format, settings: evaluation.settings)
        let streamed = DocumentBuffer()
        try EvalUseCase.write(StreamedEvalFormat(format)!, paths: [path, "holidays:US"], evaluation: evaluation, span: span, grids: grids,
                              policies: policies, zone: nil, to: streamed)
        let report = try EvalUseCase.report(paths: [path, "holidays:US"], evaluation: evaluation, span: span,
                                            grids: grids, format: format, policies: policies)
        let whole = DocumentBuffer()
        if format == .csv { EvalCSVRenderer.render(report, to: whole) } else { EvalJSONRenderer.render(report, to: whole) }
        #expect(streamed.bytes.count > 100_000)
        #expect(streamed.bytes == whole.bytes)
    }

    @Test func anErrorInALaterRunEndsTheDocumentAfterTheRowsBeforeIt() throws {
        let (path, policies) = try Self.policy("""
            return {
              canSelect = function(day)
                if day.year == 2030 and day.month == 6 and day.day == 1 then error("no June 2030") end
                return true
              end,
            }
            """)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let (evaluation, span) = try Self.request(from: "2024-01-01", to: "2031-12-31")
        let sink = DocumentBuffer()
        #expect(throws: RequestFailure.self) {
            try EvalUseCase.write(.csv, paths: [path, "holidays:US"], evaluation: evaluation, span: span, grids: [],
                                  policies: policies, zone: nil, to: sink)
        }
        let failing = try Day(iso: "2030-06-01")
        let runsBefore = span.days.first.distance(to: failing) / Evaluator.chunk
        let lines = sink.text.split(separator: "\n")
        // The header and every row of the runs before the failing one; none after.
        #expect(lines.count == 1 + runsBefore * Evaluator.chunk)
        #expect(lines.last.map { $0.hasPrefix(span.days.first.adding(days: runsBefore * Evaluator.chunk - 1).iso) } == true)
    }

    @Test func anErrorInTheFirstRunWritesNothing() throws {
        let (path, policies) = try Self.policy("return { canSelect = function(day) error('never') end }")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let (evaluation, span) = try Self.request(from: "2024-01-01", to: "2031-12-31")
        for format in [EvalFormat.csv, .json] {
            let sink = DocumentBuffer()
            #expect(throws: RequestFailure.self) {
                try EvalUseCase.write(StreamedEvalFormat(format)!, paths: [path], evaluation: evaluation, span: span, grids: [],
                                      policies: Array(policies.prefix(1)), zone: nil, to: sink)
            }
            #expect(sink.bytes.isEmpty)
        }
    }
}
