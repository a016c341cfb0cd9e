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
}
