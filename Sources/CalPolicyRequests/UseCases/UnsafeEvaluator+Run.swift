import CalendarCore
import Rendering

/// One run of days, from the stack's outcomes to the report's records.
///
/// Why a pointer: each outcome is read where it lies in the run's storage; `zip` over the
/// outcomes copied each one (retaining every text it held) and destroyed the copy, for every
/// day of a report.
extension Evaluator {
    /// One run of days (one crossing into Lua per policy), appended to `results`; `kept`
    /// grows by the bytes of policy text the answers hold.
    public static func evaluate(_ stack: PolicyStack, part: DaySpan, settings: DisplaySettings,
                                into results: inout [DayEvaluation], kept: inout Int) throws(RequestFailure) {
        do {
            // The whole run in one batch: one crossing into Lua per policy (32-day batches
            // paid the crossing's fixed cost 32 times a run).
            let outcomes = try stack.evaluate(part, context: settings.context, batchSize: chunk)
            var dates = ConsecutiveDates(settings.system)
            var day = part.first
            results.reserveCapacity(results.count + outcomes.count)
            outcomes.withUnsafeBufferPointer { outcomes in
                for index in outcomes.indices {
                    let outcome = outcomes.baseAddress! + index
                    kept += outcome.pointee.textBytes
                    results.append(DayEvaluation(day: day, date: dates.date(of: day), select: outcome.pointee.select,
                                                 deselect: outcome.pointee.deselect,
                                                 decoration: outcome.pointee.decoration,
                                                 decorationPolicy: outcome.pointee.decorationPolicy,
                                                 decorationPolicyIndex: outcome.pointee.decorationPolicyIndex))
                    day = day.adding(days: 1)
                }
            }
        } catch {
            throw RequestFailure(policyFailure: error)
        }
    }
}
