import Foundation

/// The stacks a server answers for. Each name points at its live version; a reload builds a
/// whole new version aside and swaps the pointer, so a request sees one version throughout
/// and a refused reload leaves the last good version answering.
final class StackRegistry: @unchecked Sendable {
    struct Attempt: Sendable {
        var at: Date
        /// `loaded`, `unchanged` or `refused`.
        var result: String
        var error: String?
    }

    final class Slot: @unchecked Sendable {
        let name: String
        let paths: [String]
        var live: StackVersion
        var lastAttempt: Attempt?
        init(name: String, paths: [String], live: StackVersion) {
            self.name = name
            self.paths = paths
            self.live = live
        }
    }

    private let lock = NSLock()
    /// One reload at a time (the watcher and SIGHUP may ask together); requests never wait on it.
    private let reloading = NSLock()
    private var slots: [Slot]
    let loader: StackLoader
    /// Called after a version goes live (the response cache empties).
    var onSwap: @Sendable () -> Void = {}
    let metrics: Metrics

    init(slots: [Slot], loader: StackLoader, metrics: Metrics) {
        self.slots = slots
        self.loader = loader
        self.metrics = metrics
    }

    var names: [String] { lock.withLock { slots.map(\.name) } }
    var defaultName: String { lock.withLock { slots[0].name } }

    func version(_ name: String) -> StackVersion? {
        lock.withLock { slots.first { $0.name == name }?.live }
    }

    func snapshot() -> [(name: String, live: StackVersion, attempt: Attempt?)] {
        lock.withLock { slots.map { ($0.name, $0.live, $0.lastAttempt) } }
    }

    /// Reloads each stack whose files changed (every stack when `force`).
    func reload(force: Bool, why: String) {
        reloading.lock()
        defer { reloading.unlock() }
        for slot in lock.withLock({ slots }) {
            let live = lock.withLock { slot.live }
            let keys = slot.paths.map(FileKey.of)
            if !force && keys == live.keys { continue }
            let started = Date()
            let buildStart = DispatchTime.now().uptimeNanoseconds
            let loaded = loader.load(name: slot.name, paths: slot.paths)
            let built = DispatchTime.now().uptimeNanoseconds
            switch loaded {
            case .success(let version):
                if version.version == live.version {
                    lock.withLock { slot.lastAttempt = Attempt(at: started, result: "unchanged") }
                    // Same text: keep the live version (its pool is warm); note the new keys.
                    lock.withLock { slot.live = StackVersion.rekeyed(live, keys: version.keys) }
                    metrics.reload(stack: slot.name, result: "unchanged")
                    continue
                }
                // The swap: the pointer moves and the response cache empties; requests from here
                // on see the new version.
                let swapStart = DispatchTime.now().uptimeNanoseconds
                lock.withLock {
                    slot.live = version
                    slot.lastAttempt = Attempt(at: started, result: "loaded")
                }
                onSwap()
                let swapped = DispatchTime.now().uptimeNanoseconds
                let buildSeconds = Double(built - buildStart) / 1e9
                let swapSeconds = Double(swapped - swapStart) / 1e9
                metrics.reload(stack: slot.name, result: "loaded")
                metrics.reloadTimes(build: buildSeconds, swap: swapSeconds)
                ServerEvent.log("reloaded", "calpolicy-serve: stack '\(slot.name)' reloaded (\(why)): version \(version.version)"
                    + String(format: " (built in %.2f ms, swapped in %.3f ms)", buildSeconds * 1000, swapSeconds * 1000),
                    [("stack", LogJSON.text(slot.name)), ("why", LogJSON.text(why)), ("version", .string(version.version)),
                     ("buildUs", .int(Int(buildSeconds * 1e6))), ("swapUs", .int(Int(swapSeconds * 1e6)))])
            case .failure(let refusal):
                lock.withLock {
                    slot.lastAttempt = Attempt(at: started, result: "refused", error: refusal.message)
                    // Do not retry the same broken files every poll.
                    slot.live = StackVersion.rekeyed(live, keys: keys)
                }
                metrics.reload(stack: slot.name, result: "refused")
                ServerEvent.log("reload_refused",
                                "calpolicy-serve: stack '\(slot.name)' reload refused (\(why)); version \(live.version) keeps answering: \(refusal.message)",
                                [("stack", LogJSON.text(slot.name)), ("why", LogJSON.text(why)),
                                 ("version", .string(live.version)), ("error", LogJSON.text(refusal.message))])
            }
        }
    }
}

extension StackVersion {
    /// The same loaded version, remembering other file keys (so a poll does not retry them).
    static func rekeyed(_ version: StackVersion, keys: [FileKey?]) -> StackVersion {
        version.keys == keys ? version : version.withKeys(keys)
    }
}
