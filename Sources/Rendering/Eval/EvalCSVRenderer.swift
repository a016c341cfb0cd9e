import CalendarCore

/// `eval --format csv`: one row per day, columns as agreed in the API contract.
public enum EvalCSVRenderer {
    public static let header = ["date", "year", "month", "day", "weekday", "selectable", "deselectable", "reason",
                         "decoration_kind", "decoration_label", "decoration_color", "decoration_image",
                         "decoration_size", "select_reason", "deselect_reason", "policy", "decoration_policy",
                         "observed_of", "estimated"]

    /// The columns a stack with hours adds: each day's closed time as ISO 8601 intervals
    /// (`start/end`, instants with the stack zone's offset) and their reasons, both `;`-separated
    /// in the same order.
    public static let hoursHeader = ["closed_intervals", "closed_reasons"]

    /// Rows go to the sink a chunk at a time, so a long span is never held twice.
    public static func render(_ report: EvalReport, to sink: some DocumentSink) {
        var stream = Stream(report, to: sink)
        stream.write(all: report.days)
    }

    /// The document written while its days are still being evaluated: the header, then each
    /// run of days as it comes (`EvalDayStream`).
    public struct Stream<Sink: DocumentSink>: EvalDayStream {
        var buffer: EvalStreamBuffer<Sink>
        let repeated = RepeatedRowTail()

        public init(_ report: EvalReport, to sink: Sink) {
            buffer = EvalStreamBuffer(report, to: sink)
            // A chunk and the row that passes it (a row of long texts may still grow it).
            buffer.bytes.reserveCapacity(min((report.span.days.count + 1) * 64, DocumentChunk.size + 4_096))
            CSVWriter.append(report.hours == nil ? header : header + hoursHeader, to: &buffer.bytes)
        }

        /// The rows are written by `rows`, which is not generic: here, each access to the
        /// buffer of a generic stream looked up its type's metadata (~330 instructions a day).
        public mutating func append(_ days: [DayEvaluation]) {
            var next = days.startIndex
            while next < days.endIndex {
                buffer.passOnIfFull()
                next = EvalCSVRenderer.rows(days, from: next, index: &buffer.index, report: buffer.report,
                                            to: &buffer.bytes)
            }
        }

        public mutating func flush() { buffer.flush() }

        public mutating func finish() { buffer.flush() }
    }

    /// Any row, a field at a time (`CSVWriter`): texts escaped, neutralised and quoted as they
    /// need, and the hours columns.
    static func fieldwiseRow(_ result: DayEvaluation, index: Int, report: EvalReport, to out: inout [UInt8]) {
        // Fields are written straight into the buffer: a per-row array of 13 Strings
        // and `String(Int)` for each number cost thousands of instructions per row.
        let decoration = result.decoration
        CSVWriter.appendISO(result.day, to: &out)
        out.append(UInt8(ascii: ","))
        CSVWriter.appendInteger(result.date.year, to: &out)
        out.append(UInt8(ascii: ","))
        CSVWriter.appendInteger(result.date.month.month, to: &out)
        if result.date.isLeapMonth { out.append(UInt8(ascii: "L")) }
        out.append(UInt8(ascii: ","))
        CSVWriter.appendInteger(result.date.day, to: &out)
        out.append(UInt8(ascii: ","))
        CSVWriter.appendInteger(result.day.weekday, to: &out)
        out.append(UInt8(ascii: ","))
        CSVWriter.appendBool(result.select.isAllowed, to: &out)
        out.append(UInt8(ascii: ","))
        CSVWriter.appendBool(result.deselect.isAllowed, to: &out)
        out.append(UInt8(ascii: ","))
        if let reason = result.select.verdict.reason ?? result.deselect.verdict.reason {
            CSVWriter.appendText(reason, to: &out)
        }
        out.append(UInt8(ascii: ","))
        if let decoration {
            CSVWriter.appendField(decoration.kind.rawValue, to: &out)
            out.append(UInt8(ascii: ","))
            CSVWriter.appendText(decoration.label ?? "", to: &out)
            out.append(UInt8(ascii: ","))
            CSVWriter.appendText(decoration.color ?? "", to: &out)
            out.append(UInt8(ascii: ","))
            CSVWriter.appendText(decoration.image ?? "", to: &out)
            out.append(UInt8(ascii: ","))
            CSVWriter.appendField(decoration.size?.rawValue ?? "", to: &out)
        } else {
            for _ in 0..<4 { out.append(UInt8(ascii: ",")) }
        }
        out.append(UInt8(ascii: ","))
        if let reason = result.select.verdict.reason { CSVWriter.appendText(reason, to: &out) }
        out.append(UInt8(ascii: ","))
        if let reason = result.deselect.verdict.reason { CSVWriter.appendText(reason, to: &out) }
        out.append(UInt8(ascii: ","))
        // The deciding policy: the one that refused selecting, else deselecting (as `reason`).
        let decider = result.select.isAllowed ? result.deselect : result.select
        if let policy = report.identity(decider.policyIndex, name: decider.policy) {
            CSVWriter.appendText(policy, to: &out)
        }
        out.append(UInt8(ascii: ","))
        if let policy = report.identity(result.decorationPolicyIndex, name: result.decorationPolicy) {
            CSVWriter.appendText(policy, to: &out)
        }
        // A built-in holiday's observed day names the holiday's own date; an estimated date says so.
        out.append(UInt8(ascii: ","))
        if let observedOf = decoration?.observedOf { CSVWriter.appendText(observedOf, to: &out) }
        out.append(UInt8(ascii: ","))
        if decoration?.estimated == true { CSVWriter.appendField("true", to: &out) }
        if let hours = report.hours, hours.days.indices.contains(index) {
            let pieces = hours.days[index]
            out.append(UInt8(ascii: ","))
            CSVWriter.appendText(pieces.map { hours.zone.iso($0.start) + "/" + hours.zone.iso($0.end) }
                .joined(separator: ";"), to: &out)
            out.append(UInt8(ascii: ","))
            CSVWriter.appendText(pieces.map { $0.reason ?? "" }.joined(separator: ";"), to: &out)
        }
        out.append(UInt8(ascii: "\n"))
    }
}
