import CalendarCore
import Synchronization

/// Policy files evaluated together, reloadable while in use.
///
/// `stack` is an immutable snapshot: a reload builds each changed policy in full
/// before swapping it in, so no evaluation ever sees a half-loaded policy, and a
/// file that fails to load leaves its last good version serving.
public final class PolicySet: Sendable {
    public let paths: [String]
    public let options: LuaPolicyOptions
    private let current: Mutex<[LuaPolicy]>
    /// Serialises reloads, so two at once cannot undo each other's swaps.
    private let reloading = Mutex(())

    public init(paths: [String], options: LuaPolicyOptions = .init()) throws(PolicyError) {
        var policies: [LuaPolicy] = []
        for path in paths { policies.append(try LuaPolicy(path: path, options: options)) }
        self.paths = paths
        self.options = options
        self.current = Mutex(policies)
    }

    /// The policies in service now, in file order.
    public var policies: [LuaPolicy] { current.withLock { $0 } }

    public var stack: PolicyStack { PolicyStack(policies) }

    /// Re-reads every file and replaces those whose bytes changed and load cleanly.
    /// Returns why the others could not be replaced (they keep serving the old version).
    @discardableResult
    public func reload() -> [PolicyError] {
        reloading.withLock { _ in reloadFiles() }
    }

    private func reloadFiles() -> [PolicyError] {
        let serving = policies
        var next = serving
        var errors: [PolicyError] = []
        for (index, old) in serving.enumerated() {
            do {
                let source = try PolicyFile.read(old.path, limit: options.memoryLimit)
                guard source != old.source else { continue }
                next[index] = try LuaPolicy(path: old.path, source: source, options: options)
            } catch {
                errors.append(error)
            }
        }
        current.withLock { $0 = next }
        return errors
    }
}
