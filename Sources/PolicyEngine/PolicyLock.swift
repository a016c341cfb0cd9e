import Foundation

/// The lock around a policy's Lua state (and a policy set's list).
///
/// A pthread mutex underneath (`NSLock`), not `Synchronization.Mutex`: Mutex's
/// contended path runs inside an uninstrumented library, so ThreadSanitizer cannot
/// see it order two threads and reports the state they take turns on as a race.
final class PolicyLock: @unchecked Sendable {
    private let lock = NSLock()

    func withLock<R, E: Error>(_ body: (()) throws(E) -> R) throws(E) -> R {
        lock.lock()
        defer { lock.unlock() }
        return try body(())
    }
}
