import CalendarCore
import PolicyEngine

/// Everything the stack answered for one day, with the policies that decided.
struct DayEvaluation: Sendable {
    let day: Day
    /// The day in the displayed calendar.
    let date: CalendarDate
    let select: PolicyStack.Decision
    let deselect: PolicyStack.Decision
    let decoration: Decoration?
    let decorationPolicy: String?
    /// Filled for JSON output only (see `Provenance`).
    var lines = DecisionLines()

    var isDenied: Bool { !select.isAllowed }
    var isMarked: Bool { isDenied || decoration != nil }
}

enum Evaluator {
    /// Asks the stack about every day of `span`, in order. The first policy error ends it:
    /// a half-evaluated calendar would look like a valid answer.
    static func evaluate(_ stack: PolicyStack, over span: DaySpan, settings: DisplaySettings)
        throws(CLIError) -> [DayEvaluation]
    {
        let context = settings.context
        var results: [DayEvaluation] = []
        results.reserveCapacity(span.count)
        do {
            // Runs of days, one crossing into Lua each. The watchdog watches a run as one piece
            // of work but counts every finished call in it as progress.
            let outcomes = try stack.evaluate(span, context: context)
            for (day, outcome) in zip(span, outcomes) {
                results.append(DayEvaluation(day: day, date: settings.system.date(of: day), select: outcome.select,
                                             deselect: outcome.deselect, decoration: outcome.decoration,
                                             decorationPolicy: outcome.decorationPolicy))
            }
        } catch {
            throw CLIError(policyFailure: error)
        }
        return results
    }
}

extension CLIError {
    /// Policy errors keep their type; anything else a policy throws is still a policy error.
    init(policyFailure error: any Error) {
        if let policyError = error as? PolicyError {
            self = .policy(policyError)
        } else if let cliError = error as? CLIError {
            self = cliError
        } else {
            self = .policyFile(path: "policy", problem: ErrorRenderer.singleLine(String(describing: error)))
        }
    }
}
