import CalendarCore
import Rendering

/// A policy's scope as the selectors of its Argo CD sync windows: `service` → `applications`,
/// `namespace` → `namespaces`, `cluster` → `clusters`, `*` globs carrying over (Argo CD's globs
/// read `*` the same way; its other glob characters are escaped so they stay literal). What
/// Argo CD cannot select by (`environment`, `environmentType`, `tenant`, `action`, `actor`,
/// `labels.*`, `exclude`) is refused, unless `--context` settles it for the slice exported.
public enum ArgoScopeMapping {
    /// The window list a scope key fills; nil for the keys Argo CD cannot select by.
    static func field(_ key: String) -> WritableKeyPath<ArgoWindowSelectors, [String]>? {
        switch key {
        case "service": \.applications
        case "namespace": \.namespaces
        case "cluster": \.clusters
        default: nil
        }
    }

    /// The policies grouped by the selectors their windows carry, in stack order of each group's
    /// first policy: windows are computed per group, so a merged window never spans policies
    /// that apply to different applications. `labels`: the policies as the command line named them.
    public static func groups(_ policies: [any DayPolicy], labels: [String], applications: [String],
                              decision: DecisionContext) throws(ArgoScopeRefusal)
        -> [(selectors: ArgoWindowSelectors, policies: [any DayPolicy])] {
        var groups: [(selectors: ArgoWindowSelectors, policies: [any DayPolicy])] = []
        for (index, policy) in policies.enumerated() {
            let label = index < labels.count ? labels[index] : policy.name
            let selectors = try self.selectors(policy.scope, policy: label, applications: applications, decision: decision)
            if let at = groups.firstIndex(where: { $0.selectors == selectors }) {
                groups[at].policies.append(policy)
            } else {
                groups.append((selectors, [policy]))
            }
        }
        return groups
    }

    /// One policy's selectors. Unscoped (or outside its scope for `decision`, where it closes
    /// nothing): `applications` (default `*`), as every export wrote before scopes.
    public static func selectors(_ scope: DecisionScope?, policy: String, applications: [String],
                                 decision: DecisionContext) throws(ArgoScopeRefusal) -> ArgoWindowSelectors {
        guard let scope, !scope.isOutside(decision) else { return .everyApplication(applications) }
        // The context settles `exclude` when it names, for one of its keys, a value none of that
        // key's patterns match: then nothing in the slice is excluded.
        if !scope.exclude.isEmpty {
            let settled = scope.exclude.contains { key, patterns in
                guard let value = decision.value(of: key) else { return false }
                return !patterns.contains { DecisionScope.matches($0, value) }
            }
            guard settled else { throw ArgoScopeRefusal(policy: policy, .exclude) }
        }
        var selectors = ArgoWindowSelectors()
        for key in scope.include.keys.sorted() {
            let patterns = scope.include[key] ?? []
            if let field = field(key) {
                selectors[keyPath: field] = patterns.map(argoGlob)
            } else if decision.value(of: key) == nil {
                // In scope with the key given: the slice already answered it.
                throw ArgoScopeRefusal(policy: policy, .unmappableKey(key))
            }
        }
        if !applications.isEmpty {
            selectors.applications = try scope.include["service"].map { service throws(ArgoScopeRefusal) in
                try intersection(service: service, applications: applications, policy: policy)
            } ?? applications
        }
        return selectors == ArgoWindowSelectors() ? .everyApplication(applications) : selectors
    }

    /// The applications both `--applications` and a `service` scope name, as Argo CD patterns:
    /// identical patterns; an exact value of one side that a glob of the other matches (`*`
    /// matching everything, a glob included); two different globs that cannot share a value
    /// (their literal starts, or ends, differ) give nothing. Two different globs that may share
    /// values are refused: their common part is rarely one glob, and dropping it would open
    /// what the policy closes.
    static func intersection(service: [String], applications: [String],
                             policy: String) throws(ArgoScopeRefusal) -> [String] {
        var kept: [String] = []
        func keep(_ pattern: String) { if !kept.contains(pattern) { kept.append(pattern) } }
        for scoped in service {
            for given in applications {
                let (scopedGlob, givenGlob) = (scoped.contains("*"), given.contains("*"))
                if scoped == given || given == "*" || (!scopedGlob && DecisionScope.matches(given, scoped)) {
                    keep(argoGlob(scoped))
                } else if scoped == "*" || (!givenGlob && DecisionScope.matches(scoped, given)) {
                    keep(given)
                } else if scopedGlob && givenGlob && mayShare(scoped, given) {
                    throw ArgoScopeRefusal(policy: policy, .overlappingGlobs(service: scoped, application: given))
                }
            }
        }
        guard !kept.isEmpty else {
            throw ArgoScopeRefusal(policy: policy, .emptyIntersection(service: service, applications: applications))
        }
        return kept
    }

    /// Whether two `*` globs may match one value: their literal starts agree, and their ends.
    static func mayShare(_ one: String, _ other: String) -> Bool {
        func start(_ glob: String) -> String { String(glob.prefix { $0 != "*" }) }
        func end(_ glob: String) -> String { String(glob.reversed().prefix { $0 != "*" }.reversed()) }
        let (startA, startB, endA, endB) = (start(one), start(other), end(one), end(other))
        return (startA.hasPrefix(startB) || startB.hasPrefix(startA)) && (endA.hasSuffix(endB) || endB.hasSuffix(endA))
    }

    /// A scope pattern in Argo CD's glob syntax (gobwas/glob): `*` stays a wildcard; `?`, `[`, `]`,
    /// `{`, `}` and `\` are literal in a scope, so they are escaped.
    static func argoGlob(_ pattern: String) -> String {
        var out = ""
        for character in pattern {
            if "\\?[]{}".contains(character) { out.append("\\") }
            out.append(character)
        }
        return out
    }
}
