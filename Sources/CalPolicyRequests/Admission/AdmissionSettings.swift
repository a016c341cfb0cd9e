/// How `POST /v1/admit` reads a review (`--admit-cluster`, `--admit-service-label`,
/// `--admit-exempt-namespaces`, `--admit-max-body`).
public struct AdmissionSettings: Sendable, Equatable {
    /// The context's `cluster` (nil: not given, so cluster-scoped policies still apply).
    public var cluster: String?
    /// The label whose value is the context's `service`.
    public var serviceLabel = "app.kubernetes.io/name"
    /// Namespaces (and DELETEs) let through unless a policy's scope names them.
    public var exemptNamespaces: [String] = ["kube-system"]
    /// The largest review body read (the rest of the server keeps `HTTPLimits.maxBody`).
    public var maxBody = 4 << 20

    /// The annotation naming the override a change claims.
    public static let overrideAnnotation = "calpolicy.dev/override"

    public init() {}
}
