import CalendarCore

/// Policy files evaluated together, reloadable while in use.
///
/// `stack` is an immutable snapshot: a reload builds each changed policy in full
/// before swapping it in, so no evaluation ever sees a half-loaded policy, and a
/// file that fails to load leaves its last good version serving.
///
/// `@unchecked Sendable`: `serving` is only read or replaced while holding `lock`.
public final class PolicySet: @unchecked Sendable {
    public let paths: [String]
    public let options: LuaPolicyOptions
    private var serving: [LuaPolicy]
    private let lock = PolicyLock()
    /// Serialises reloads, so two at once cannot undo each other's swaps.
    private let reloading = PolicyLock()

    public init(paths: [String], options: LuaPolicyOptions = .init()) throws(PolicyError) {
        var policies: [LuaPolicy] = []
        for path in paths { policies.append(try LuaPolicy(path: path, options: options)) }
        self.paths = paths
        self.options = options
        self.serving = policies
    }

    /// The policies in service now, in file order.
    public var policies: [LuaPolicy] { lock.withLock { _ in serving } }

    public var stack: PolicyStack { PolicyStack(policies) }

    /// Re-reads every file and replaces those whose bytes (or the bytes of an .ics file they
    /// read with `cal.ics`) changed and load cleanly.
    /// Returns why the others could not be replaced (they keep serving the old version).
    @discardableResult
    public func reload() -> [PolicyError] {
        reloading.withLock { _ in reloadFiles() }
    }

    private func reloadFiles() -> [PolicyError] {
        let current = policies
        var next = current
        var errors: [PolicyError] = []
        for (index, old) in current.enumerated() {
            do {
                let source = try PolicyFile.source(old.path, limit: options.memoryLimit)
                // A policy is its source and the .ics files it read (cal.ics).
                guard source != old.source || old.readFilesChanged() else { continue }
                next[index] = try LuaPolicy(path: old.path, source: source, options: options)
            } catch {
                errors.append(error)
            }
        }
        lock.withLock { _ in self.serving = next }
        return errors
    }
}
