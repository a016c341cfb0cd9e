/// Why a policy's scope cannot be written as Argo CD sync-window selectors. A window without a
/// restriction the scope makes would close more than the policy does, and a narrower one would
/// open what the policy closes; either way Argo CD would disagree with `calpolicy gate`, so the
/// export refuses rather than guess (exit 2, one line naming the policy).
public struct ArgoScopeRefusal: Error, Hashable, Sendable {
    public enum Problem: Hashable, Sendable {
        /// A scope key with no Argo CD field (`environment`, `tenant`, `action`, `labels.team`…)
        /// that `--context` does not give.
        case unmappableKey(String)
        /// `exclude`: a sync window has no exception, and `--context` does not settle it.
        case exclude
        /// `--applications` and the scope's `service` patterns have no application in common.
        case emptyIntersection(service: [String], applications: [String])
        /// Two different globs that may share applications no single glob spells.
        case overlappingGlobs(service: String, application: String)
    }

    /// The policy as the command line named it.
    public var policy: String
    public var problem: Problem

    public init(policy: String, _ problem: Problem) {
        (self.policy, self.problem) = (policy, problem)
    }

    /// `POLICY: …`, the words after `export: ` on the CLI's error line.
    public var message: String {
        let quoted = { (patterns: [String]) in patterns.map { "'\($0)'" }.joined(separator: ", ") }
        switch problem {
        case .unmappableKey(let key):
            return "\(policy): scope key '\(key)' has no Argo CD field (a sync window selects by application, "
                + "namespace and cluster only); export one slice with --context \(key)=VALUE"
        case .exclude:
            return "\(policy): scope 'exclude' cannot be written as an Argo CD sync window (it has no exception); "
                + "export one slice with --context naming a value the exclude does not match"
        case .emptyIntersection(let service, let applications):
            return "\(policy): --applications \(quoted(applications)) and scope key 'service' \(quoted(service)) "
                + "have no application in common"
        case .overlappingGlobs(let service, let application):
            return "\(policy): --applications '\(application)' and scope key 'service' '\(service)' are different "
                + "globs whose common applications no one glob names; give exact --applications"
        }
    }
}
