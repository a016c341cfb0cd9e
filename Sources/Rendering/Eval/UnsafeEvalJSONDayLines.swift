import CalendarCore

extension EvalJSONRenderer {
    /// Days of a report without hours from `start` on, each as `Stream.append` writes it, until
    /// the end or until `out` holds a `DocumentChunk` (the stream passes it on); returns where
    /// it stopped. `index` counts the days written.
    ///
    /// Why a pointer: each day is read where it lies in the run's storage; `days[position]`
    /// copied the record (a retain of every text it holds) and destroyed the copy, ~250
    /// instructions a day.
    static func dayLines(_ days: [DayEvaluation], from start: Int, index: inout Int, report: EvalReport,
                         labeler: DayLabeler, to out: inout [UInt8]) -> Int {
        let gregorian = report.settings.system is GregorianCalendarSystem
        return days.withUnsafeBufferPointer { days in
            var position = start
            while position < days.endIndex {
                JSONWriter.put(index == 0 ? "[\n    " : ",\n    ", &out)
                EvalJSONDayLine.append(days.baseAddress! + position, in: report, labeler: labeler, gregorian: gregorian,
                                       to: &out)
                index += 1
                position += 1
                if out.count >= DocumentChunk.size { break }
            }
            return position
        }
    }

    /// The lines of a run taken from its outcomes (`EvalOutcomeRun`) from `start` on, as
    /// `dayLines` writes them, until the end or until `out` holds a `DocumentChunk`; returns
    /// where it stopped. A day that holds nothing is written from its day and date
    /// (`EvalJSONDayLine.appendBare`), any other from its record, read where it lies.
    static func outcomeLines(_ run: EvalOutcomeRun, from start: Int, index: inout Int, report: EvalReport,
                             labeler: DayLabeler, to out: inout [UInt8]) -> Int {
        // Asked once a run, not per line.
        let gregorian = report.settings.system is GregorianCalendarSystem
        let englishLabel = gregorian && labeler.names.isBuiltIn
        return run.records.withUnsafeBufferPointer { records in
            var position = start
            while position < run.days.count {
                let record = Int(run.recordIndex[position])
                if record < 0 {
                    EvalJSONDayLine.appendBare(run.days[position], date: run.dates[position],
                                               separator: index == 0 ? "[\n    " : ",\n    ", gregorian: gregorian,
                                               englishLabel: englishLabel, labeler: labeler, to: &out)
                } else {
                    JSONWriter.put(index == 0 ? "[\n    " : ",\n    ", &out)
                    EvalJSONDayLine.append(records.baseAddress! + record, in: report, labeler: labeler,
                                           gregorian: gregorian, to: &out)
                }
                index += 1
                position += 1
                if out.count >= DocumentChunk.size { break }
            }
            return position
        }
    }
}

extension EvalJSONRenderer.Stream {
    /// A run taken from its outcomes (`EvalOutcomeRun`, its records completed by `Provenance`).
    /// A report with hours (never streamed: its closed time crosses days) gets a record for
    /// every day and `append(_:)` of records.
    public mutating func append(_ run: EvalOutcomeRun) {
        let report = buffer.report
        guard report.hours == nil else {
            var all: [DayEvaluation] = []
            all.reserveCapacity(run.days.count)
            for position in run.days.indices {
                let record = Int(run.recordIndex[position])
                all.append(record < 0 ? DayEvaluation(day: run.days[position], date: run.dates[position],
                                                      outcome: PolicyStack.Outcome())
                                      : run.records[record])
            }
            return append(all)
        }
        var next = 0
        while next < run.days.count {
            next = EvalJSONRenderer.outcomeLines(run, from: next, index: &buffer.index, report: report,
                                                 labeler: labeler, to: &buffer.bytes)
            buffer.passOnIfFull()
        }
    }
}
