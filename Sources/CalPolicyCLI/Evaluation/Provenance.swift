import CalendarCore
import PolicyEngine
import Rendering

enum Provenance {
    /// Asks each deciding policy again, traced for that call only, for the line of its
    /// answer: evaluation itself stays untraced and only decided days cost a second call.
    /// The deciding policy is found by its index in `stack`, never by name: two files
    /// may share a name (`a/rules.lua`, `b/rules.lua`).
    static func attach(_ days: [DayEvaluation], stack: PolicyStack,
                       settings: DisplaySettings) throws(CLIError) -> [DayEvaluation] {
        guard stack.policies.contains(where: { $0 is LuaPolicy }) else { return days }
        func lua(_ index: Int?) -> LuaPolicy? {
            guard let index, stack.policies.indices.contains(index) else { return nil }
            return stack.policies[index] as? LuaPolicy
        }
        let context = settings.context
        var result = days
        do {
            for index in result.indices {
                let day = result[index]
                var lines = DecisionLines()
                if let policy = lua(day.select.policyIndex) {
                    lines.select = try policy.answer(for: day.day, context: context).canSelectLine
                }
                if let policy = lua(day.deselect.policyIndex) {
                    lines.deselect = try policy.answer(for: day.day, context: context).canDeselectLine
                }
                if let policy = lua(day.decorationPolicyIndex) {
                    lines.decoration = try policy.answer(for: day.day, context: context).decorationLine
                }
                result[index].lines = lines
            }
        } catch {
            throw .policy(error)
        }
        return result
    }
}
