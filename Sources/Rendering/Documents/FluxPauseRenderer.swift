import CalendarCore

/// `calpolicy gitops-pause`: Flux has no sync windows, so a freeze is its objects' `spec.suspend`
/// set at the window's start and cleared at its end. Written as a YAML stream of partial Flux
/// objects (apiVersion, kind, name, namespace, `spec.suspend`), one per object and edge, in
/// order of the instant each applies at, which its `calpolicy.dev/applies-at` annotation says
/// (UTC, `2026-12-24T00:00:00Z`: it sorts as text). A job applies, for each object, the last
/// document whose instant has come (docs/gitops.md).
public enum FluxPauseRenderer {
    /// A Flux object to pause: a Kustomization or a HelmRelease, by namespace and name.
    public struct Object: Hashable, Sendable {
        public enum Kind: String, CaseIterable, Sendable {
            case kustomization = "Kustomization", helmRelease = "HelmRelease"

            /// The API version Flux serves (and stores) the kind in: v1 and v2, the ones whose
            /// CRDs `Tests/fixtures/flux-crds` holds.
            public var apiVersion: String {
                switch self {
                case .kustomization: "kustomize.toolkit.fluxcd.io/v1"
                case .helmRelease: "helm.toolkit.fluxcd.io/v2"
                }
            }
        }

        public var kind: Kind
        public var namespace: String
        public var name: String

        public init(kind: Kind, namespace: String, name: String) {
            (self.kind, self.namespace, self.name) = (kind, namespace, name)
        }
    }

    /// One edge of a window: at `instant`, every object is suspended (or resumed), for `reasons`.
    public struct Edge: Sendable {
        public var instant: Int64
        public var suspend: Bool
        public var reasons: [String]

        public init(instant: Int64, suspend: Bool, reasons: [String]) {
            (self.instant, self.suspend, self.reasons) = (instant, suspend, reasons)
        }
    }

    /// What the stream says about itself.
    public struct Header {
        public var policies: [String]
        public var from: Day
        public var to: Day
        /// Closed at the end of the span: the last suspend has no resume in this stream.
        public var closedAtEnd: Bool

        public init(policies: [String], from: Day, to: Day, closedAtEnd: Bool) {
            (self.policies, self.from, self.to, self.closedAtEnd) = (policies, from, to, closedAtEnd)
        }
    }

    public static let appliesAt = "calpolicy.dev/applies-at"

    /// `2026-12-24T00:00:00Z`.
    public static func instant(_ seconds: Int64) -> String {
        String(ZoneWallTime.utc.iso(seconds).dropLast("+00:00".count)) + "Z"
    }

    public static func stream(_ edges: [Edge], objects: [Object], header: Header) -> String {
        var out = YAMLWriter.comment("calpolicy gitops-pause: the closed time of \(header.policies.joined(separator: " ")) "
                                    + "as Flux spec.suspend patches") + "\n"
        out += YAMLWriter.comment("from \(header.from.iso) to \(header.to.iso). Apply each document at its \(appliesAt) "
                                  + "(UTC): for each object, the last one whose instant has come.") + "\n"
        if header.closedAtEnd {
            out += YAMLWriter.comment("still closed at the end of \(header.to.iso): no resume is written; the next run, "
                                      + "from \(header.to.adding(days: 1).iso), writes it.") + "\n"
        }
        if edges.isEmpty { out += YAMLWriter.comment("no closed time in the span: nothing to suspend.") + "\n" }
        out += YAMLWriter.comment("regenerate-by: \(header.to.iso)") + "\n"
        for edge in edges {
            for object in objects {
                out += "---\n"
                out += "apiVersion: \(object.kind.apiVersion)\n"
                out += "kind: \(object.kind.rawValue)\n"
                out += "metadata:\n"
                out += "  name: " + YAMLWriter.quoted(object.name) + "\n"
                out += "  namespace: " + YAMLWriter.quoted(object.namespace) + "\n"
                out += "  annotations:\n"
                out += "    \(appliesAt): " + YAMLWriter.quoted(instant(edge.instant)) + "\n"
                out += "    calpolicy.dev/pause: " + (edge.suspend ? "suspend" : "resume") + "\n"
                out += "    calpolicy.dev/reason: " + YAMLWriter.quoted(edge.reasons.joined(separator: "; ")) + "\n"
                out += "spec:\n"
                out += "  suspend: \(edge.suspend)\n"
            }
        }
        return out
    }
}
