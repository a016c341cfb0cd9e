import CalendarData
import Foundation
import Synchronization

/// Polls every 250 ms: the stacks' files (with `--watch`) and the date. Never waits for a
/// policy: a changed file starts a candidate on a thread of its own (`StackRegistry`), so each
/// turn is a few `stat` calls and the watchdog's heartbeat.
final class Housekeeping: @unchecked Sendable {
    let registry: StackRegistry
    let cache: ResponseCache
    let watch: Bool
    let clock: Clock
    let overrides: OverrideStore?
    /// `--tls-cert`: looked at every turn, `--watch` or not (a rotated certificate must be served).
    let tls: ServeTLS?
    private let running = Atomic<Bool>(true)
    /// Called when the overrides folder's contents change (the GitHub rule asks its waiting
    /// deployments again); set before `loop` starts.
    var onOverridesChanged: (@Sendable () -> Void)?

    init(registry: StackRegistry, cache: ResponseCache, watch: Bool, clock: Clock, overrides: OverrideStore? = nil,
         tls: ServeTLS? = nil) {
        self.overrides = overrides
        self.tls = tls
        self.registry = registry
        self.cache = cache
        self.watch = watch
        self.clock = clock
    }

    func stop() { running.store(false, ordering: .releasing) }

    func loop() {
        var day = clock.today()
        var generation = overrides?.snapshot.generation
        while running.load(ordering: .acquiring) {
            usleep(250_000)
            SystemdNotify.watchdog?.beat()
            tls?.refresh()
            if watch {
                registry.startReload(force: false, why: "file changed")
                overrides?.refresh()
            }
            if let onOverridesChanged, let now = overrides?.snapshot.generation, now != generation {
                generation = now
                onOverridesChanged()
            }
            let now = clock.today()
            if now != day {
                day = now
                cache.clear()
            }
        }
    }
}
