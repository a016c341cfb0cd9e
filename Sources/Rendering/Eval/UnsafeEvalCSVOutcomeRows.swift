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
                                        repeated: &repeated, report: buffer.report, to: &buffer.bytes)
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
                     repeated: inout RepeatedRowTail, report: EvalReport, to out: inout [UInt8]) -> Int {
        // Asked once a run, not per row.
        let gregorian = report.settings.system is GregorianCalendarSystem
        let allowedRows = gregorian && report.hours == nil
        var position = start
        while position < days.count {
            if position > start, out.count >= DocumentChunk.size { break }
            if allowedRows, PolicyStack.Outcome.holdsNothing(outcomes + position) {
                let end = allowedRun(days, outcomes: outcomes, from: position, dates: &dates, to: &out)
                index += end - position
                position = end
                continue
            }
            let day = days[position]
            if allowedRows, repeated.write(day, dates.date(of: day), outcome: outcomes + position, to: &out) {
                (outcomes + position).deinitialize(count: 1)
                index += 1
                position += 1
                continue
            }
            let outcome = (outcomes + position).move()
            let result = DayEvaluation(day: day, date: dates.date(of: day), outcome: outcome)
            let rowStart = out.count
            let written = report.hours == nil
                && withUnsafePointer(to: result) { plainRow($0, report: report, gregorian: gregorian, to: &out) }
            if written, allowedRows { repeated.keep(outcome, row: out[rowStart...]) }
            if !written { fieldwiseRow(result, index: index, report: report, to: &out) }
            index += 1
            position += 1
        }
        return position
    }

    /// The last refused or decorated row's columns after `deselectable` and the outcome they
    /// were written from: a weekend layer refuses a third of a long span's days with one
    /// answer, and a row whose outcome equals the last one's (equal texts are most often one
    /// storage, compared by address) is its own date columns and these bytes again, not every
    /// text checked and copied anew. Those columns depend on the outcome and the report only.
    /// Kept by the stream across its runs (a run is often a month).
    public struct RepeatedRowTail {
        private var outcome: PolicyStack.Outcome?
        private var selectAllowed = true, deselectAllowed = true
        private var tail: [UInt8] = []

        public init() {}

        /// Keeps the row just written from `outcome` (`plainRow`'s: seven fixed columns, none
        /// holding a comma, then the rest).
        mutating func keep(_ outcome: PolicyStack.Outcome, row: ArraySlice<UInt8>) {
            var commas = 0, cut = row.startIndex
            while cut < row.endIndex {
                if row[cut] == UInt8(ascii: ",") {
                    commas += 1
                    if commas == 7 { break }
                }
                cut += 1
            }
            guard commas == 7 else { return }
            self.outcome = outcome
            selectAllowed = outcome.select.isAllowed
            deselectAllowed = outcome.deselect.isAllowed
            tail.removeAll(keepingCapacity: true)
            tail.append(contentsOf: row[(cut + 1)...])
        }

        /// Writes the row of `day` when its outcome equals the kept one; false, with nothing
        /// written, otherwise.
        func write(_ day: Day, _ date: CalendarDate, outcome: UnsafeMutablePointer<PolicyStack.Outcome>,
                   to out: inout [UInt8]) -> Bool {
            guard let kept = self.outcome, kept == outcome.pointee else { return false }
            return tail.withUnsafeBufferPointer { tail in
                UnsafeRowWriter.append(to: &out, capacity: EvalCSVRenderer.fixedCapacity + tail.count) { row in
                    EvalCSVRenderer.fixedFields(day, date, gregorian: true, selectAllowed: selectAllowed,
                                                deselectAllowed: deselectAllowed, to: &row)
                    row.copy(tail)
                    return true
                }
            }
        }
    }

    /// Rows written to one region at a time, at most this many.
    static let allowedRunLimit = 128

    /// The rows of the days from `start` on that `holdsNothing` (at least the first), up to
    /// `allowedRunLimit` of them, appended to `out` in one copy; returns the position after them.
    /// Their outcomes hold no reference, so they are not destroyed (there is nothing to release).
    private static func allowedRun(_ days: UnsafeBufferPointer<Day>, outcomes: UnsafeMutablePointer<PolicyStack.Outcome>,
                                   from start: Int, dates: inout ConsecutiveDates, to out: inout [UInt8]) -> Int {
        // No further than a row past the chunk (as any row): the stream's buffer, sized for a
        // chunk and a row, then never grows (growing copied a megabyte into fresh pages).
        let room = max(0, DocumentChunk.size - out.count) / UnsafeRowWriter.allowedRowMaxByteCount + 1
        let end = min(days.count, start + min(allowedRunLimit, room))
        var position = start
        _ = UnsafeRowWriter.append(to: &out, capacity: allowedRunLimit * UnsafeRowWriter.allowedRowMaxByteCount) { row in
            repeat {
                let day = days[position]
                row.allowedRow(day, gregorian: dates.date(of: day))
                position += 1
            } while position < end && PolicyStack.Outcome.holdsNothing(outcomes + position)
            return true
        }
        return position
    }
}
