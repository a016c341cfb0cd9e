import CalendarCore

/// One run of days taken from its outcomes (`Evaluator.withOutcomes`) for a document that is
/// written after something else has been done to the run (JSON's `Provenance`, which may
/// fail): the days in order, and a record only for each day something refused, decorated or
/// named. A day that holds nothing (most days) is kept as its day alone: its line is written
/// from the day and its date (`EvalJSONRenderer.Stream.append(_:)` of a run).
///
/// Why not a record per day: making a `DayEvaluation` for every day moved each outcome twice,
/// walked it for provenance and destroyed it after its line (~600 instructions a day of a
/// 300-year JSON report, most of them for days with nothing to say).
///
/// Reused from run to run (`take` keeps its arrays' storage).
public struct EvalOutcomeRun {
    /// The run's days, in order, and their dates in the report's calendar.
    public private(set) var days: [Day] = []
    private(set) var dates: [CalendarDate] = []
    /// For each day, its index in `records`, or -1 when it holds nothing.
    private(set) var recordIndex: [Int32] = []
    /// The days that hold something, in order: what `Provenance` completes with lines.
    public var records: [DayEvaluation] = []

    public init() {}

    /// Takes every outcome of a run: moved into a record, or, when it holds no reference, left
    /// as bytes (there is nothing to release). `dates` gives each day's date in the report's
    /// calendar and is asked for every day, in order (consecutive days cost an increment); each
    /// date is kept for the day's line.
    public mutating func take(_ runDays: UnsafeBufferPointer<Day>, outcomes: UnsafeMutablePointer<PolicyStack.Outcome>,
                              dates: inout ConsecutiveDates) {
        days.removeAll(keepingCapacity: true)
        self.dates.removeAll(keepingCapacity: true)
        recordIndex.removeAll(keepingCapacity: true)
        records.removeAll(keepingCapacity: true)
        days.append(contentsOf: runDays)
        recordIndex.reserveCapacity(runDays.count)
        self.dates.reserveCapacity(runDays.count)
        for position in runDays.indices {
            let day = runDays[position]
            let date = dates.date(of: day)
            self.dates.append(date)
            if PolicyStack.Outcome.holdsNothing(outcomes + position) {
                recordIndex.append(-1)
            } else {
                recordIndex.append(Int32(truncatingIfNeeded: records.count))
                records.append(DayEvaluation(day: day, date: date, outcome: (outcomes + position).move()))
            }
        }
    }
}

extension PolicyStack.Outcome {
    /// Allowed both ways, undecorated, and no policy named: a day whose CSV row and JSON line
    /// say nothing but its date, and an outcome without a single reference (each text is nil),
    /// so one left as bytes needs no destroying.
    @inline(__always)
    static func holdsNothing(_ outcome: UnsafePointer<PolicyStack.Outcome>) -> Bool {
        // Patterns, not `== nil`: comparing an Equatable optional copied it.
        if case .allowed = outcome.pointee.select.verdict, case .allowed = outcome.pointee.deselect.verdict,
           case .none = outcome.pointee.select.policy, case .none = outcome.pointee.select.policyIndex,
           case .none = outcome.pointee.deselect.policy, case .none = outcome.pointee.deselect.policyIndex,
           case .none = outcome.pointee.decoration, case .none = outcome.pointee.decorationPolicy,
           case .none = outcome.pointee.decorationPolicyIndex {
            return true
        }
        return false
    }
}
