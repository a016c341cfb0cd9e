import CalendarCore
import PolicyEngine
import Rendering

/// `calpolicy gitops-pause`: Flux has no sync windows, so the stack's closed time (the windows
/// `export` computes, over the same span and slice, with the same overrides as gaps) becomes
/// `spec.suspend: true` on the named Kustomizations and HelmReleases at each window's start and
/// `false` at its end (`FluxPauseRenderer`). A window still open at the end of the span gets no
/// resume: the next run, from the following day, writes it (never a resume into closed time).
public enum GitOpsPauseUseCase {
    public static let kustomization = OptionSpec.value("kustomization", "NAMESPACE/NAME", repeats: true, help: "A Flux Kustomization to suspend while closed; repeat.")
    public static let helmRelease = OptionSpec.value("helmrelease", "NAMESPACE/NAME", repeats: true, help: "A Flux HelmRelease to suspend while closed; repeat.")

    /// The objects the command line names, Kustomizations first, each once, in the order given.
    public static func objects(_ values: RequestValues) throws(RequestError) -> [FluxPauseRenderer.Object] {
        var objects: [FluxPauseRenderer.Object] = []
        for (option, kind) in [(kustomization, FluxPauseRenderer.Object.Kind.kustomization), (helmRelease, .helmRelease)] {
            for text in values.all(option.name) {
                let object = try self.object(text, kind: kind, option: option)
                if !objects.contains(object) { objects.append(object) }
            }
        }
        guard !objects.isEmpty else {
            throw RequestError(kustomization, value: "", reason: "name at least one Flux object: --kustomization NAMESPACE/NAME or --helmrelease NAMESPACE/NAME")
        }
        return objects
    }

    /// `flux-system/apps`: a namespace (an RFC 1123 label: at most 63 of a-z, 0-9 and `-`,
    /// alphanumeric at both ends) and a name (an RFC 1123 subdomain: at most 253, dot-separated
    /// labels), as the API server would take them.
    static func object(_ text: String, kind: FluxPauseRenderer.Object.Kind, option: OptionSpec) throws(RequestError)
        -> FluxPauseRenderer.Object {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 2 else {
            throw RequestError(option, value: text, reason: "expected NAMESPACE/NAME (flux-system/apps)")
        }
        guard isLabel(parts[0]) else {
            throw RequestError(option, value: text, reason: "the namespace '\(parts[0])' is not a Kubernetes namespace "
                                   + "(at most 63 of a-z, 0-9 and '-', starting and ending with a letter or digit)")
        }
        guard parts[1].utf8.count <= 253, !parts[1].isEmpty,
              parts[1].split(separator: ".", omittingEmptySubsequences: false).allSatisfy({ isLabel(String($0)) }) else {
            throw RequestError(option, value: text, reason: "the name '\(parts[1])' is not a Kubernetes object name "
                                   + "(at most 253 of a-z, 0-9, '-' and '.', each dot-separated part starting and ending with a letter or digit)")
        }
        return FluxPauseRenderer.Object(kind: kind, namespace: parts[0], name: parts[1])
    }

    static func isLabel(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        func alphanumeric(_ byte: UInt8) -> Bool { (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte) }
        guard let first = bytes.first, let last = bytes.last, bytes.count <= 63 else { return false }
        return alphanumeric(first) && alphanumeric(last) && bytes.allSatisfy { alphanumeric($0) || $0 == 0x2D }
    }

    /// The edges of the stack's closed time over `span`, in order: a suspend at each window's
    /// start, a resume at its end unless the window reaches the end of the span (`closedAtEnd`).
    /// Windows `export` splits for cron's sake are joined again: a pause needs no cron.
    public static func edges(_ policies: [any DayPolicy], span: ExportUseCase.Span, today: Day,
                             decision: DecisionContext = DecisionContext(),
                             overrides: [Override] = []) throws(RequestFailure)
        -> (edges: [FluxPauseRenderer.Edge], closedAtEnd: Bool) {
        var windows: [FreezeWindow] = []
        for window in try ExportUseCase.windows(policies, span: span, today: today, decision: decision, overrides: overrides) {
            if var last = windows.last, last.end == window.start {
                last.end = window.end
                for reason in window.reasons where !last.reasons.contains(reason) { last.reasons.append(reason) }
                windows[windows.count - 1] = last
            } else {
                windows.append(window)
            }
        }
        let end = span.zone.instant(of: span.to, minute: 1440)
        var edges: [FluxPauseRenderer.Edge] = []
        var closedAtEnd = false
        for window in windows {
            edges.append(FluxPauseRenderer.Edge(instant: window.start, suspend: true, reasons: window.reasons))
            if window.end >= end {
                closedAtEnd = true
            } else {
                edges.append(FluxPauseRenderer.Edge(instant: window.end, suspend: false, reasons: window.reasons))
            }
        }
        return (edges, closedAtEnd)
    }
}
