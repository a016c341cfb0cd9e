import CalendarCore

/// One day through a stack of policies: what each one answered, in order, and which
/// answers decided the stacked result.
public struct PolicyExplanation: Hashable, Sendable {
    public var day: Day
    public var answers: [PolicyAnswer]
    /// The break-glass overrides covering the question whose window meets the day (UTC), which
    /// `gate` would apply to its instants; empty without `--overrides`.
    public var overrides: [Override] = []

    /// Loads nothing: pass policies loaded with `LuaPolicyOptions.tracing` for lines.
    /// `builtIns` (Swift policies such as `--include`) follow them in the stack, without lines.
    public static func explain(_ day: Day, policies: [LuaPolicy], builtIns: [any DayPolicy] = [],
                               context: PolicyContext) throws(PolicyError) -> PolicyExplanation {
        try explain(day, stack: policies, builtIns: builtIns, context: context)
    }

    /// The same over a stack that mixes Lua policies (answered with lines) and built-in ones
    /// such as `holidays:DE` (answered without), in stack order.
    public static func explain(_ day: Day, stack: [any DayPolicy], builtIns: [any DayPolicy] = [],
                               context: PolicyContext) throws(PolicyError) -> PolicyExplanation {
        var answers: [PolicyAnswer] = []
        for policy in stack {
            if let lua = policy as? LuaPolicy {
                answers.append(try lua.answer(for: day, context: context))
                continue
            }
            answers.append(try builtInAnswer(policy, day: day, context: context))
        }
        for policy in builtIns { answers.append(try builtInAnswer(policy, day: day, context: context)) }
        return PolicyExplanation(day: day, answers: answers)
    }

    private static func builtInAnswer(_ policy: any DayPolicy, day: Day, context: PolicyContext) throws(PolicyError)
        -> PolicyAnswer {
        do {
            return PolicyAnswer(policy: policy.name, path: policy.name,
                                canSelect: try policy.canSelect(day, context: context), canSelectLine: nil,
                                canDeselect: try policy.canDeselect(day, context: context), canDeselectLine: nil,
                                decoration: try policy.decoration(for: day, context: context), decorationLine: nil)
        } catch let error as PolicyError {
            throw error
        } catch {
            throw PolicyError(kind: .runtime, file: policy.name, message: "\(error)")
        }
    }

    /// The first policy that denied selecting, as the stack reports it.
    public var selectDecider: PolicyAnswer? { answers.first { !$0.canSelect.isAllowed } }
    public var deselectDecider: PolicyAnswer? { answers.first { !$0.canDeselect.isAllowed } }
    /// The first policy with a decoration (it wins).
    public var decorationDecider: PolicyAnswer? { answers.first { $0.decoration != nil } }

    public var selectable: Bool { selectDecider == nil }
    public var deselectable: Bool { deselectDecider == nil }
}
