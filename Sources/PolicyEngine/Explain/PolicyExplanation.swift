import CalendarCore

/// One day through a stack of policies: what each one answered, in order, and which
/// answers decided the stacked result.
public struct PolicyExplanation: Hashable, Sendable {
    public var day: Day
    public var answers: [PolicyAnswer]

    /// Loads nothing: pass policies loaded with `LuaPolicyOptions.tracing` for lines.
    public static func explain(_ day: Day, policies: [LuaPolicy],
                               context: PolicyContext) throws(PolicyError) -> PolicyExplanation {
        var answers: [PolicyAnswer] = []
        for policy in policies { answers.append(try policy.answer(for: day, context: context)) }
        return PolicyExplanation(day: day, answers: answers)
    }

    /// The first policy that denied selecting, as the stack reports it.
    public var selectDecider: PolicyAnswer? { answers.first { !$0.canSelect.isAllowed } }
    public var deselectDecider: PolicyAnswer? { answers.first { !$0.canDeselect.isAllowed } }
    /// The first policy with a decoration (it wins).
    public var decorationDecider: PolicyAnswer? { answers.first { $0.decoration != nil } }

    public var selectable: Bool { selectDecider == nil }
    public var deselectable: Bool { deselectDecider == nil }
}
