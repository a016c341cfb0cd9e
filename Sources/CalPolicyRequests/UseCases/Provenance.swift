import CalendarCore
import PolicyEngine
import Rendering

/// The line of each deciding `return`, for eval JSON: evaluation itself runs untraced in runs
/// of days, and each decision then costs one silent traced call of the one function that
/// decided (`LuaPolicy.decidingLines`, a policy's calls of one function in one entry), never a
/// call of all three.
enum Provenance {
    /// The deciding policy is found by its index in `stack`, never by name: two files may
    /// share a name (`a/rules.lua`, `b/rules.lua`).
    /// In place: a copy of a long span's days (a second array of every day) was a third of the
    /// 400-year JSON's peak memory.
    static func attach(_ result: inout [DayEvaluation], stack: PolicyStack,
                       settings: DisplaySettings) throws(RequestFailure) {
        // Cast once per layer, not per day.
        let luaPolicies = stack.policies.map { $0 as? LuaPolicy }
        guard luaPolicies.contains(where: { $0 != nil }) else { return }
        func lua(_ index: Int?) -> LuaPolicy? {
            guard let index, luaPolicies.indices.contains(index) else { return nil }
            return luaPolicies[index]
        }
        let context = settings.context
        // Each policy's decisions of each function asked in one entry (`decidingLines`).
        var asked: [Int: (select: [Int], deselect: [Int], decoration: [Int])] = [:]
        for index in result.indices {
            // The three indices read where the day lies: a copy of the whole record retained
            // every text it holds (~250 instructions a day of a JSON report).
            if let policy = result[index].select.policyIndex, lua(policy) != nil {
                asked[policy, default: ([], [], [])].select.append(index)
            }
            if let policy = result[index].deselect.policyIndex, lua(policy) != nil {
                asked[policy, default: ([], [], [])].deselect.append(index)
            }
            if let policy = result[index].decorationPolicyIndex, lua(policy) != nil {
                asked[policy, default: ([], [], [])].decoration.append(index)
            }
        }
        do throws(PolicyError) {
            for policyIndex in asked.keys.sorted() {
                guard let policy = lua(policyIndex), let indices = asked[policyIndex] else { continue }
                for (function, list) in [(PolicyFunction.canSelect, indices.select), (.canDeselect, indices.deselect),
                                         (.decorationFor, indices.decoration)] where !list.isEmpty {
                    let lines = try policy.decidingLines(function, for: list.map { result[$0].day }, context: context)
                    for (index, line) in zip(list, lines) {
                        switch function {
                        case .canSelect: result[index].lines.select = line
                        case .canDeselect: result[index].lines.deselect = line
                        case .decorationFor: result[index].lines.decoration = line
                        }
                    }
                }
            }
        } catch {
            throw .policy(error)
        }
    }
}
