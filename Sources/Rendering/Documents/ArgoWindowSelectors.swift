/// Which Argo CD Applications a sync window applies to: its `applications`, `namespaces` and
/// `clusters` lists, Argo CD's globs. An empty list is left out of the window.
public struct ArgoWindowSelectors: Hashable, Sendable {
    public var applications: [String]
    public var namespaces: [String]
    public var clusters: [String]

    public init(applications: [String] = [], namespaces: [String] = [], clusters: [String] = []) {
        (self.applications, self.namespaces, self.clusters) = (applications, namespaces, clusters)
    }

    /// What every export wrote before scopes: the given applications, or all of them.
    public static func everyApplication(_ patterns: [String] = []) -> ArgoWindowSelectors {
        ArgoWindowSelectors(applications: patterns.isEmpty ? ["*"] : patterns)
    }

    /// Argo CD ORs the lists it is given unless `andOperator: true`; a calpolicy scope's keys all
    /// have to match, so two or more lists are ANDed (Argo CD 3.0 and later read the field).
    public var andOperator: Bool {
        [applications, namespaces, clusters].filter { !$0.isEmpty }.count >= 2
    }
}
