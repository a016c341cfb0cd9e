import CalendarCore
import PolicyEngine
import Rendering

/// The line of each deciding `return`, for eval JSON: evaluation itself runs untraced in runs
/// of days, and each decision then costs one silent traced call of the one function that
/// decided (`LuaPolicy.decidingLine`), never a call of all three.
enum Provenance {
    /// The deciding policy is found by its index in `stack`, never by name: two files may
    /// share a name (`a/rules.lua`, `b/rules.lua`).
    /// In place: a copy of a long span's days (a second array of every day) was a third of the
    /// 400-year JSON's peak memory.
    static func attach(_ result: inout [DayEvaluation], stack: PolicyStack,
                       settings: DisplaySettings) throws(RequestFailure) {
        guard stack.policies.contains(where: { $0 is LuaPolicy }) else { return }
        func lua(_ index: Int?) -> LuaPolicy? {
            guard let index, stack.policies.indices.contains(index) else { return nil }
            return stack.policies[index] as? LuaPolicy
        }
        let context = settings.context
        do throws(PolicyError) {
            for index in result.indices {
                let day = result[index]
                var lines = DecisionLines()
                if let policy = lua(day.select.policyIndex) {
                    lines.select = try policy.decidingLine(.canSelect, for: day.day, context: context)
                }
                if let policy = lua(day.deselect.policyIndex) {
                    lines.deselect = try policy.decidingLine(.canDeselect, for: day.day, context: context)
                }
                if let policy = lua(day.decorationPolicyIndex) {
                    lines.decoration = try policy.decidingLine(.decorationFor, for: day.day, context: context)
                }
                result[index].lines = lines
            }
        } catch {
            throw .policy(error)
        }
    }
}
