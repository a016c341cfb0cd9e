import CalendarCore
import PolicyEngine
import Rendering

/// Asks the policy stack about a span of days, for `eval`'s renderers.
public enum Evaluator {
    /// Days asked per step: the run's limit on kept text is checked after each.
    public static let chunk = 1024

    /// Asks the stack about every day of `span`, in order. The first policy error ends it:
    /// a half-evaluated calendar would look like a valid answer. The policy texts kept for
    /// the output count against the run's limit (`RunLimits.retainedText`), so a policy
    /// returning long distinct texts every day cannot grow the process without bound.
    public static func evaluate(_ stack: PolicyStack, over span: DaySpan, settings: DisplaySettings)
        throws(RequestFailure) -> [DayEvaluation]
    {
        let limit = PolicyRun.current?.limits.retainedText ?? RunLimits().retainedText
        var kept = 0
        var results: [DayEvaluation] = []
        results.reserveCapacity(span.count)
        for part in parts(of: span) {
            try evaluate(stack, part: part, settings: settings, into: &results, kept: &kept)
            if kept > limit {
                throw .policyFile(path: stack.policies.lazy.compactMap { ($0 as? LuaPolicy)?.path }.first ?? "policy",
                                  problem: "the policies' texts for this span pass \(limit >> 20) MiB, the most a run "
                                      + "keeps for its output; ask for a shorter span")
            }
        }
        return results
    }

    /// `span` in runs of at most `chunk` days, in order.
    public static func parts(of span: DaySpan) -> [DaySpan] {
        var parts: [DaySpan] = []
        var first = span.first
        while true {
            let last = first.adding(days: min(chunk - 1, first.distance(to: span.last)))
            parts.append(DaySpan(first, last))
            if last == span.last { return parts }
            first = last.adding(days: 1)
        }
    }
}

extension Evaluator {
    /// Every policy's own answers over `span` (`PolicyStack.layers`), for the feed: the one
    /// place asking every policy about every day is right. The kept texts count against the
    /// run's limit as in `evaluate`.
    public static func layers(_ stack: PolicyStack, over span: DaySpan, settings: DisplaySettings)
        throws(RequestFailure) -> [[DayAnswers]]
    {
        let layers: [[DayAnswers]]
        do {
            layers = try stack.layers(span, context: settings.context, batchSize: chunk)
        } catch {
            throw RequestFailure(policyFailure: error)
        }
        let limit = PolicyRun.current?.limits.retainedText ?? RunLimits().retainedText
        var kept = 0
        for answers in layers {
            for answer in answers {
                kept += answer.select.reason?.utf8.count ?? 0
                kept += (answer.decoration?.label?.utf8.count ?? 0) + (answer.decoration?.color?.utf8.count ?? 0)
            }
        }
        if kept > limit {
            throw .policyFile(path: stack.policies.lazy.compactMap { ($0 as? LuaPolicy)?.path }.first ?? "policy",
                              problem: "the policies' texts for this span pass \(limit >> 20) MiB, the most a run "
                                  + "keeps for its output; ask for a shorter span")
        }
        return layers
    }
}

extension PolicyStack.Outcome {
    /// Bytes of policy text this answer keeps alive.
    var textBytes: Int {
        var bytes = 0
        if case .denied(let reason?) = select.verdict { bytes += reason.utf8.count }
        if case .denied(let reason?) = deselect.verdict { bytes += reason.utf8.count }
        if let decoration {
            bytes += (decoration.label?.utf8.count ?? 0) + (decoration.color?.utf8.count ?? 0)
                + (decoration.image?.utf8.count ?? 0)
        }
        return bytes
    }
}
