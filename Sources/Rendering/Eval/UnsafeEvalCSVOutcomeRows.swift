import CalendarCore

extension EvalCSVRenderer.Stream {
    /// A run's rows straight from its outcomes (`Evaluator.withOutcomes`), each outcome taken
    /// (moved out, or left as bytes when it holds no reference); `dates` gives each day's date
    /// in the report's calendar.
    public mutating func append(_ days: UnsafeBufferPointer<Day>, outcomes: UnsafeMutablePointer<PolicyStack.Outcome>,
                                dates: inout ConsecutiveDates) {
        var next = 0
        while next < days.count {
            buffer.passOnIfFull()
            next = EvalCSVRenderer.rows(days, outcomes: outcomes, from: next, dates: &dates, index: &buffer.index,
                                        repeated: repeated, report: buffer.report, to: &buffer.bytes)
        }
    }
}

extension EvalCSVRenderer {
    /// Rows of a run's `outcomes` (one per day of `days`) from `start` on, until the end or until
    /// `out` holds a `DocumentChunk` (the stream passes it on); returns where it stopped. Every
    /// outcome before that position has been taken: moved out into a record, or, when it holds
    /// no reference (nothing refused, decorated or named), left as bytes for the caller to free.
    /// `index` counts the rows written.
    ///
    /// Why from the outcomes: a `DayEvaluation` per day moved the outcome twice (into the record,
    /// then into the array), destroyed it after its row and summed its texts' bytes for a limit
    /// a stream does not keep (~450 instructions a day of an all-allowed span). Here the days
    /// nothing refused or decorated (most days) are written straight from the day and its date,
    /// many rows to one region (`allowedRows`); any other day gets its record and `plainRow` or
    /// `fieldwiseRow`, as `rows(_:from:index:report:to:)` writes it.
    static func rows(_ days: UnsafeBufferPointer<Day>, outcomes: UnsafeMutablePointer<PolicyStack.Outcome>,
                     from start: Int, dates: inout ConsecutiveDates, index: inout Int,
                     repeated: RepeatedRowTail, report: EvalReport, to out: inout [UInt8]) -> Int {
        // Asked once a run, not per row.
        let gregorian = report.settings.system is GregorianCalendarSystem
        let allowedRows = gregorian && report.hours == nil
        var position = start
        while position < days.count {
            if position > start, out.count >= DocumentChunk.size { break }
            if allowedRows, PolicyStack.Outcome.holdsNothing(outcomes + position) || repeated.repeats(outcomes + position) {
                let end = templateRun(days, outcomes: outcomes, from: position, dates: &dates, repeated: repeated,
                                      to: &out)
                index += end - position
                position = end
                continue
            }
            let day = days[position]
            let outcome = (outcomes + position).move()
            let result = DayEvaluation(day: day, date: dates.date(of: day), outcome: outcome)
            let rowStart = out.count
            let written = report.hours == nil
                && withUnsafePointer(to: result) { plainRow($0, report: report, gregorian: gregorian, to: &out) }
            if written, allowedRows { repeated.keep(outcome, from: outcomes + position, row: out[rowStart...]) }
            if !written { fieldwiseRow(result, index: index, report: report, to: &out) }
            index += 1
            position += 1
        }
        return position
    }

    /// Rows written to one region at a time, at most this many.
    static let allowedRunLimit = 128

    /// The rows of the days from `start` on (at least the first) that `holdsNothing` or whose
    /// outcome `repeated` holds the columns of (a weekend between working days), up to
    /// `allowedRunLimit` of them, written to one region and appended to `out` in one copy;
    /// returns the position after them. An outcome that holds nothing is left as bytes (there
    /// is nothing to release); a repeated one is destroyed after its row.
    private static func templateRun(_ days: UnsafeBufferPointer<Day>, outcomes: UnsafeMutablePointer<PolicyStack.Outcome>,
                                    from start: Int, dates: inout ConsecutiveDates, repeated: RepeatedRowTail,
                                    to out: inout [UInt8]) -> Int {
        let rowMax = max(UnsafeRowWriter.allowedRowMaxByteCount, repeated.rowCapacity)
        // No further than a row past the chunk (as any row): the stream's buffer, sized for a
        // chunk and a row, then never grows (growing copied a megabyte into fresh pages). A long
        // repeated row (a holiday's texts) makes the run shorter, not the region larger.
        let room = max(0, DocumentChunk.size - out.count) / rowMax + 1
        // The region never holds more than a run of allowed rows would: longer rows, fewer of them.
        let limit = max(1, allowedRunLimit * UnsafeRowWriter.allowedRowMaxByteCount / rowMax)
        let end = min(days.count, start + min(limit, room))
        var position = start
        _ = UnsafeRowWriter.append(to: &out, capacity: limit * rowMax) { row in
            repeat {
                if PolicyStack.Outcome.holdsNothing(outcomes + position) {
                    // The days that hold nothing in a row (most days), in a loop of their own.
                    repeat {
                        let day = days[position]
                        row.allowedRow(day, gregorian: dates.date(of: day))
                        position += 1
                    } while position < end && PolicyStack.Outcome.holdsNothing(outcomes + position)
                } else if repeated.repeats(outcomes + position) {
                    let day = days[position]
                    repeated.row(day, dates.date(of: day), to: &row)
                    (outcomes + position).deinitialize(count: 1)
                    position += 1
                } else {
                    break
                }
            } while position < end
            return true
        }
        return position
    }
}
