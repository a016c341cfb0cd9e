import CalendarCore
import PolicyEngine
import Rendering

/// `explain`: each policy's answers for a day, in stack order, with the line of the `return`
/// that gave each. The policies are loaded again with tracing on (a traced state is never
/// the one that answers eval), from the bytes already read. The CLI's `explain` and the
/// server's `/v1/explain` both come through here.
public enum ExplainUseCase {
    /// `arguments`, when given, is the stack as named, built-in references (`holidays:DE`) among the files.
    public static func explain(_ days: [Day], sources: [(path: String, bytes: [UInt8])], arguments: [String]? = nil,
                               evaluation: EvaluationOptions,
                               selection: [Day] = [], print: PolicyPrint?,
                               overrides: [OverrideFolder.Entry] = []) throws(RequestFailure) -> [PolicyExplanation] {
        var settings = evaluation.settings
        var context = settings.context
        context.selection = selection
        var options = PolicySources.options(today: settings.today, print: print)
        options.tracing = true
        let policies = try BuiltInReference.stack(arguments ?? sources.map(\.path),
                                                  files: PolicySources.load(sources, options: options))
        var explanations: [PolicyExplanation] = []
        // Overrides are listed as `gate` would hold them: against this stack's rules.
        settings.overrides = OverrideReview.load(overrides, policies: policies).overrides
        do {
            for day in days {
                var explanation = try PolicyExplanation.explain(day, stack: policies, builtIns: evaluation.builtIns,
                                                                context: context)
                explanation.overrides = settings.overrides(from: ZoneWallTime.utc.instant(of: day, minute: 0),
                                                           to: ZoneWallTime.utc.instant(of: day, minute: 1440))
                explanations.append(explanation)
            }
        } catch {
            throw .policy(error)
        }
        return explanations
    }
}
