import CalendarCore
import PolicyEngine

/// `eval --format json`; the schema is documented in docs/json-schema.md and keys come
/// out in that order. `date` is Gregorian ISO; `year/month/day/isLeapMonth` are in the
/// displayed calendar.
public enum EvalJSONRenderer {
    /// The document as `JSONWriter.write` lays it out, written month by month and day by
    /// day to the sink: a century of days is never one value tree plus its text.
    public static func render(_ report: EvalReport, to sink: some DocumentSink) {
        var stream = Stream(report, to: sink)
        stream.write(all: report.days)
    }

    /// The document written while its days are still being evaluated: everything before
    /// `days` at once, then each run of days as it comes (`EvalDayStream`).
    public struct Stream<Sink: DocumentSink>: EvalDayStream {
        var buffer: EvalStreamBuffer<Sink>
        let labeler: DayLabeler

        public init(_ report: EvalReport, to sink: Sink) {
            buffer = EvalStreamBuffer(report, to: sink)
            labeler = DayLabeler(names: report.settings.names)
            var out = EvalJSONRenderer.head(report, to: sink)
            field("days", &out)
            sink.write(out)
            buffer.bytes.reserveCapacity(min(DocumentChunk.size, 450 * report.span.days.count) + 8192)
        }

        /// Each element as `rows` writes it at indent 2: "[\n    a,\n    b\n  ]", the separator
        /// written before each element but the first.
        public mutating func append(_ days: [DayEvaluation]) {
            let report = buffer.report
            if report.hours == nil {
                // Written by `dayLines`, which is not generic: here, each access to the buffer of
                // a generic stream looked up its type's metadata (~330 instructions a day).
                var next = days.startIndex
                while next < days.endIndex {
                    next = EvalJSONRenderer.dayLines(days, from: next, index: &buffer.index, report: report,
                                                     labeler: labeler, to: &buffer.bytes)
                    buffer.passOnIfFull()
                }
                return
            }
            for result in days {
                JSONWriter.put(buffer.index == 0 ? "[\n    " : ",\n    ", &buffer.bytes)
                if let hours = report.hours {
                    // A day with `intervals` nests three deep, which the value tree lays out over lines.
                    guard case .object(var fields) = day(result, in: report, labeler: labeler) else { continue }
                    fields.append(("intervals", hours.json(buffer.index, report: report)))
                    var text = ""
                    JSONWriter.append(.object(fields), indent: 4, to: &text)
                    buffer.bytes.append(contentsOf: text.utf8)
                } else {
                    EvalJSONDayLine.append(result, in: report, labeler: labeler, to: &buffer.bytes)
                }
                buffer.index += 1
                buffer.passOnIfFull()
            }
        }

        public mutating func flush() { buffer.flush() }

        public mutating func finish() {
            JSONWriter.put(buffer.index == 0 ? "[]" : "\n  ]", &buffer.bytes)
            JSONWriter.put("\n}\n", &buffer.bytes)
            buffer.flush()
        }
    }


    /// Everything before `days`: the settings, the span, the policies, the zone and `months`
    /// (written to the sink as it goes); what is left unwritten is returned.
    static func head(_ report: EvalReport, to sink: some DocumentSink) -> String {
        let settings = report.settings
        var head: [(String, JSONValue)] = [
            ("calendar", .string(settings.calendar.rawValue)),
            ("locale", .string(settings.localeIdentifier)),
            ("firstWeekday", .int(settings.firstWeekday)),
            ("weekRule", .string(settings.weekRuleName)),
            // Names for a client's column headers, Sunday first (index = weekday − 1), in the
            // locale: a client draws the grid without a date library of its own.
            ("weekdayNames", .object([
                ("short", .array(settings.names.weekdaySymbols(style: .short).map(JSONValue.string))),
                ("full", .array(settings.names.weekdaySymbols(style: .full).map(JSONValue.string))),
            ])),
            ("today", .string(settings.today.iso)),
            ("from", .string(report.span.days.first.iso)),
            ("to", .string(report.span.days.last.iso)),
            ("period", SpanPeriod(report.span, system: settings.system).json),
            ("policies", .array(report.policies.map(JSONValue.string))),
        ]
        // Only a stack with hours says its zone (and each day its `intervals`): without, the
        // document is byte for byte what it was before hours existed.
        if let hours = report.hours { head.append(("timeZone", .string(hours.zone.identifier))) }
        // Only when an override covers the question and meets the span: documents without are unchanged.
        let overrides = report.overrides
        if !overrides.isEmpty {
            let zone = report.hours?.zone ?? .utc
            head.append(("overrides", .array(overrides.map { OverrideRenderer.window($0, zone: zone) })))
        }
        var out = "{\n"
        out.reserveCapacity(4096 + 2600 * min(report.grids.count, 400))
        for (key, value) in head {
            field(key, &out)
            JSONWriter.append(value, indent: 2, to: &out)
            out += ",\n"
        }
        field("months", &out)
        monthRows(report, to: sink, &out)
        out += ",\n"
        return out
    }

    /// `months` as `rows` writes it, each month by `EvalJSONMonthLines`.
    private static func monthRows(_ report: EvalReport, to sink: some DocumentSink, _ out: inout String) {
        byteRows(report.grids, to: sink, &out) { entry, bytes in
            EvalJSONMonthLines.append(entry.month, grid: entry.grid, name: report.settings.names.monthName(entry.month),
                                      span: report.span.days, to: &bytes)
        }
    }

    /// A `.rows` array at indent 2 as `rows` writes it, each element written straight into one
    /// byte buffer by `write`, passed on to the sink in chunks.
    private static func byteRows<Element>(_ elements: [Element], to sink: some DocumentSink, _ out: inout String,
                                          _ write: (Element, inout [UInt8]) -> Void) {
        guard !elements.isEmpty else {
            out += "[]"
            return
        }
        out += "[\n"
        sink.write(out)
        out.removeAll(keepingCapacity: true)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(DocumentChunk.size + 8192)
        let last = elements.count - 1
        for (index, element) in elements.enumerated() {
            bytes.append(contentsOf: "    ".utf8)
            write(element, &bytes)
            bytes.append(contentsOf: index < last ? ",\n".utf8 : "\n".utf8)
            if bytes.count >= DocumentChunk.size {
                sink.write(bytes: bytes)
                bytes.removeAll(keepingCapacity: true)
            }
        }
        sink.write(bytes: bytes)
        out += "  ]"
    }

    private static func field(_ key: String, _ out: inout String) {
        out += "  "
        JSONWriter.escape(key, into: &out)
        out += ": "
    }

    /// A month of the grid; a cell's `inSpan` says whether its day was evaluated (is in `days`).
    public static func month(named month: CalendarMonth, grid: MonthGrid, settings: DisplaySettings,
                             span: DaySpan) -> JSONValue {
        .object([
            ("year", .int(month.year)),
            ("month", .int(month.month)),
            ("isLeapMonth", .bool(month.isLeapMonth)),
            ("era", month.era.map(JSONValue.int) ?? .null),
            ("name", .string(settings.names.monthName(month))),
            ("weekNumbers", .array(grid.rows.map { .int($0.weekNumber) })),
            ("weeks", .rows(grid.rows.map { row in
                .array(row.cells.map { cell in
                    .object([("date", .string(cell.day.iso)), ("day", .int(cell.dayOfMonth)),
                             ("inMonth", .bool(cell.isInMonth)), ("inSpan", .bool(span.contains(cell.day)))])
                })
            })),
        ])
    }

    /// One entry of `days`; its policy fields name policy files by path (`EvalReport.identity`);
    /// `label` (last, as keys are only ever added) is `labeler`'s.
    public static func day(_ result: DayEvaluation, in report: EvalReport, labeler: DayLabeler) -> JSONValue {
        .object([
            ("date", .string(result.day.iso)),
            ("year", .int(result.date.year)),
            ("month", .int(result.date.month.month)),
            ("day", .int(result.date.day)),
            ("isLeapMonth", .bool(result.date.isLeapMonth)),
            ("weekday", .int(result.day.weekday)),
            ("selectable", .bool(result.select.isAllowed)),
            ("deselectable", .bool(result.deselect.isAllowed)),
            ("reason", .optional(result.select.verdict.reason)),
            ("policy", .optional(report.identity(result.select.policyIndex, name: result.select.policy))),
            ("line", .line(result.lines.select)),
            ("deselectReason", .optional(result.deselect.verdict.reason)),
            ("deselectPolicy", .optional(report.identity(result.deselect.policyIndex,
                                                          name: result.deselect.policy))),
            ("deselectLine", .line(result.lines.deselect)),
            ("decoration", .decoration(result.decoration)),
            ("decorationPolicy", .optional(report.identity(result.decorationPolicyIndex,
                                                            name: result.decorationPolicy))),
            ("decorationLine", .line(result.lines.decoration)),
            ("label", .string(labeler.label(for: result))),
        ])
    }
}
