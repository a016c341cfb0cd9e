import CalendarCore
import CalPolicyRequests
import Foundation
import PolicyEngine

/// What abandons a reload's candidate when a newer edit arrives: the runs it has started stop
/// at their next Lua instruction (as at a deadline), and every later step of the load fails at
/// once. Work stuck inside a C function or in host code cannot be stopped; its thread finishes
/// on its own and its result is thrown away, while the newer candidate loads on a thread of its own.
final class LoadCancel: @unchecked Sendable {
    static let message = "superseded by a newer edit"
    private let lock = NSLock()
    private var cancelled = false
    private var runs: [ObjectIdentifier: PolicyRun] = [:]

    var isCancelled: Bool { lock.withLock { cancelled } }

    /// Notes `run` as part of the load; false (and the run stopped) when the load is abandoned already.
    func enter(_ run: PolicyRun) -> Bool {
        let open = lock.withLock { () -> Bool in
            if !cancelled { runs[ObjectIdentifier(run)] = run }
            return !cancelled
        }
        if !open { run.stop(reason: Self.message) }
        return open
    }

    func leave(_ run: PolicyRun) {
        lock.withLock { _ = runs.removeValue(forKey: ObjectIdentifier(run)) }
    }

    /// Abandons the load: its runs stop now.
    func cancel() {
        let running = lock.withLock { () -> [PolicyRun] in
            cancelled = true
            return Array(runs.values)
        }
        for run in running { run.stop(reason: Self.message) }
    }
}

/// A reload goes live only once the new version has answered: every function each of its
/// policies defines (canSelect, canDeselect, decorationFor, hoursFor, and answersForYear through
/// a run of days) for today and the first day of each of the next twelve months, without an
/// error. Otherwise the last good version keeps answering, as for a load error, and the failure
/// is the reload's refusal (log line, `/v1/status`). A policy is asked only about days inside
/// its declared coverage: past it, its data ending is `dataEnds`'s news, not the edit's.
enum StackSample {
    /// Today and the first day of each of the next twelve months.
    static func days(today: Day) -> [Day] {
        var days = [today]
        var (year, month) = (today.year, today.month)
        for _ in 1...12 {
            (year, month) = month == 12 ? (year + 1, 1) : (year, month + 1)
            if let first = try? Day(year: year, month: month, day: 1) { days.append(first) }
        }
        return days
    }

    /// Nil when every policy of `set` answered every sample day; else what failed, first failure only.
    static func problem(_ set: [any DayPolicy], today: Day, cancel: LoadCancel?) -> String? {
        let run = PolicyRun(limits: RunLimits(), onStuck: { line in
            ServerEvent.log("stuck", "calpolicy-serve: sample days stuck: \(line)")
        })
        guard cancel?.enter(run) ?? true else { return LoadCancel.message }
        defer { cancel?.leave(run) }
        let context = PolicyContext(today: today)
        let all = days(today: today)
        do {
            try run.perform { () throws -> Void in
                for policy in set {
                    let span = CoverageSpan.of(policy)
                    let asked = all.filter { day in
                        (span?.from.map { day >= $0 } ?? true) && (span?.to.map { day <= $0 } ?? true)
                    }
                    for day in asked {
                        _ = try policy.canSelect(day, context: context)
                        _ = try policy.canDeselect(day, context: context)
                        _ = try policy.decoration(for: day, context: context)
                        if policy.definesHours { _ = try policy.closedHours(for: day, context: context) }
                    }
                    // A run of days, as requests ask it: a policy with answersForYear answers from it.
                    let batch = policy.answers(asked.map { _ in DayQuestions() }, for: asked, context: context)
                    if let failure = batch.failure { throw failure }
                }
            }
        } catch {
            if cancel?.isCancelled == true { return LoadCancel.message }
            let text = StackLoader.Refusal(RequestFailure(policyFailure: error)).message
            return "the new version failed a sample day (today and the 1st of each of the next 12 months): " + text
        }
        return nil
    }
}
