/// The decision context's `action` of an admission request, from its operation and what
/// changed (docs/admission.md has the table):
///
/// | operation | what changed                                   | action   |
/// |-----------|------------------------------------------------|----------|
/// | CREATE    |                                                | create   |
/// | DELETE    |                                                | delete   |
/// | UPDATE    | a workload's pod template (`spec.template`)    | deploy   |
/// | UPDATE    | `spec.replicas` only (or the `scale` subresource) | scale |
/// | UPDATE    | anything else (metadata, other spec fields)    | config   |
/// | CONNECT   |                                                | connect  |
///
/// Subtrees are compared as parsed trees (`JSONNode` equality: the order of an object's fields
/// and the spelling of a number do not count), never as text.
public enum AdmissionAction {
    /// Kinds whose `spec.template` is a pod template: changing it rolls out new pods.
    static let templated: Set<String> = ["Deployment", "StatefulSet", "DaemonSet", "ReplicaSet", "ReplicationController", "Job"]

    public static func of(_ review: AdmissionReview) -> String {
        switch review.operation {
        case .create: return "create"
        case .delete: return "delete"
        case .connect: return "connect"
        case .update: break
        }
        if review.subResource == "scale" { return "scale" }
        let spec = review.object[path: ["spec"]], oldSpec = review.oldObject[path: ["spec"]]
        // A CronJob's pods come from its job template; any other kind with a pod template in
        // `spec.template` (a custom workload) is treated as the built-in ones are.
        let templateKey = review.kind == "CronJob" ? "jobTemplate" : "template"
        if templated.contains(review.kind) || review.kind == "CronJob" || spec?[path: [templateKey]] != nil {
            if spec?[path: [templateKey]] != oldSpec?[path: [templateKey]] { return "deploy" }
        }
        if spec?[path: ["replicas"]] != oldSpec?[path: ["replicas"]], withoutReplicas(spec) == withoutReplicas(oldSpec) {
            return "scale"
        }
        return "config"
    }

    private static func withoutReplicas(_ spec: JSONNode?) -> JSONNode? {
        guard case .object(var fields)? = spec else { return spec }
        fields["replicas"] = nil
        return .object(fields)
    }
}
