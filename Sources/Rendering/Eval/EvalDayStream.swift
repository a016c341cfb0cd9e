/// A document whose days arrive in runs while they are still being evaluated
/// (`EvalCSVRenderer.Stream`, `EvalJSONRenderer.Stream`): `append` each run in order, then
/// `finish`; `flush` passes on what stands when a later run fails.
public protocol EvalDayStream {
    mutating func append(_ days: [DayEvaluation])
    mutating func flush()
    mutating func finish()
}

extension EvalDayStream {
    /// A whole report's days at once, then the end.
    mutating func write(all days: [DayEvaluation]) {
        append(days)
        finish()
    }
}

/// What a stream holds between runs: the report it frames (its settings, policies and hours,
/// indexed from the span's first day; its `days` are not read), the bytes not yet passed on,
/// and how many days were written. Bytes go to the sink in `DocumentChunk`-sized pieces.
struct EvalStreamBuffer<Sink: DocumentSink> {
    let report: EvalReport
    let sink: Sink
    var bytes: [UInt8] = []
    /// Days written so far: the next day's index in the span (and in `report.hours`).
    var index = 0

    init(_ report: EvalReport, to sink: Sink) { (self.report, self.sink) = (report, sink) }

    mutating func passOnIfFull() {
        if bytes.count >= DocumentChunk.size { flush() }
    }

    mutating func flush() {
        sink.write(bytes: bytes)
        bytes.removeAll(keepingCapacity: true)
    }
}
