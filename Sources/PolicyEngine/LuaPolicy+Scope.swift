import CalendarData
import CalendarCore
import LuaHost

/// A policy's `scope` (docs/scopes.md): which decision contexts it answers at all.
extension LuaPolicy {
    /// The bridge's scope lines as a `DecisionScope`; a key outside the context's vocabulary
    /// is a load error with did-you-mean (a typo must never silently widen a freeze).
    static func scope(_ lines: String, file: String, line: Int?) throws(PolicyError) -> DecisionScope {
        var include: [String: [String]] = [:], exclude: [String: [String]] = [:]
        for entry in lines.split(separator: "\n") {
            let fields = entry.split(separator: "\t", maxSplits: 2, omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 3 else { continue }
            let key = fields[1]
            guard DecisionContext.isKey(key) else {
                let near = Suggestion.nearest(to: key, among: DecisionContext.keys).map { " — did you mean '\($0)'?" } ?? ""
                throw PolicyError(kind: .type, file: file, line: line,
                                  message: "policy field 'scope': unknown context key '\(InputEcho.cut(key))'\(near) "
                                      + "(keys: \(DecisionContext.keys.joined(separator: ", ")), labels.NAME)")
            }
            if fields[0] == "x" { exclude[key, default: []].append(fields[2]) } else { include[key, default: []].append(fields[2]) }
        }
        return DecisionScope(include: include, exclude: exclude)
    }

    /// Whether the question falls outside the policy's scope: then it is not asked at all.
    @inline(__always)
    func isOutOfScope(_ context: PolicyContext) -> Bool {
        guard let scope else { return false }
        return scope.isOutside(context.decision)
    }
}
