import CalendarCore
import PolicyEngine
import Rendering

enum Provenance {
    /// Asks each deciding policy again, traced for that call only, for the line of its
    /// answer: evaluation itself stays untraced and only decided days cost a second call.
    static func attach(_ days: [DayEvaluation], policies: [any DayPolicy],
                       settings: DisplaySettings) throws(CLIError) -> [DayEvaluation] {
        let lua = policies.compactMap { $0 as? LuaPolicy }
        guard !lua.isEmpty else { return days }
        let context = settings.context
        var result = days
        do {
            for index in result.indices {
                let day = result[index]
                var lines = DecisionLines()
                if let name = day.select.policy, let policy = lua.first(where: { $0.name == name }) {
                    lines.select = try policy.answer(for: day.day, context: context).canSelectLine
                }
                if let name = day.deselect.policy, let policy = lua.first(where: { $0.name == name }) {
                    lines.deselect = try policy.answer(for: day.day, context: context).canDeselectLine
                }
                if let name = day.decorationPolicy, let policy = lua.first(where: { $0.name == name }) {
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
