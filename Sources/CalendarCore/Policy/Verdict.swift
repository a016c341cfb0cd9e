/// A policy's answer to "may this day be selected (or deselected)?".
public enum Verdict: Hashable, Sendable {
    case allowed
    case denied(reason: String?)

    public var isAllowed: Bool {
        if case .allowed = self { return true }
        return false
    }

    public var reason: String? {
        if case .denied(let reason) = self { return reason }
        return nil
    }
}
