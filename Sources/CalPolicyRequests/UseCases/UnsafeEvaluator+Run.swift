import CalendarCore
import Rendering

/// One run of days, from the stack's outcomes to the report's records.
///
/// Why a pointer: each outcome is made in a slot of the run and moved out of it into its
/// record; `zip` over an array of outcomes copied each one (retaining every text it held)
/// and destroyed the copy, and the array then released every text again, for every day.
extension Evaluator {
    /// One run of days (one crossing into Lua per policy), appended to `results`; `kept`
    /// grows by the bytes of policy text the answers hold.
    public static func evaluate(_ stack: PolicyStack, part: DaySpan, settings: DisplaySettings,
                                into results: inout [DayEvaluation], kept: inout Int) throws(RequestFailure) {
        try withOutcomes(stack, part: part, settings: settings) { days, slots in
            var dates = ConsecutiveDates(settings.system)
            results.reserveCapacity(results.count + days.count)
            for index in days.indices {
                kept += slots[index].textBytes
                let day = days[index]
                let outcome = (slots + index).move()
                results.append(DayEvaluation(day: day, date: dates.date(of: day), outcome: outcome))
            }
        }
    }

    /// One run of days (one crossing into Lua per policy): the days of `part` and their
    /// outcomes, in slots `consume` owns. `consume` must take every outcome (move it out, or
    /// deinitialise it); the slots are freed when it returns. A document written straight from
    /// the outcomes (`EvalCSVRenderer.Stream.append(_:outcomes:dates:)`) makes no record at all.
    public static func withOutcomes(_ stack: PolicyStack, part: DaySpan, settings: DisplaySettings,
                                    _ consume: (UnsafeBufferPointer<Day>, UnsafeMutablePointer<PolicyStack.Outcome>)
                                        -> Void) throws(RequestFailure) {
        do {
            // The whole run in one batch: one crossing into Lua per policy (32-day batches
            // paid the crossing's fixed cost 32 times a run).
            var days: [Day] = []
            days.reserveCapacity(part.count)
            var next = part.first
            while next <= part.last {
                days.append(next)
                next = next.adding(days: 1)
            }
            let slots = UnsafeMutablePointer<PolicyStack.Outcome>.allocate(capacity: days.count)
            defer { slots.deallocate() }
            try stack.evaluate(days, context: settings.context, initializing: slots)
            days.withUnsafeBufferPointer { consume($0, slots) }
        } catch {
            throw RequestFailure(policyFailure: error)
        }
    }
}
