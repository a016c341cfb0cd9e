import Foundation

/// The lock around a policy's Lua state (and a policy set's list).
///
/// A pthread mutex underneath (`NSLock`), not `Synchronization.Mutex`: Mutex's
/// contended path runs inside an uninstrumented library, so ThreadSanitizer cannot
/// see it order two threads and reports the state they take turns on as a race.
final class PolicyLock: @unchecked Sendable {
    private let mutex = NSLock()

    /// For the per-day path, where a closure's context costs more than the lock.
    func lock() { mutex.lock() }
    func unlock() { mutex.unlock() }

    func withLock<R, E: Error>(_ body: (()) throws(E) -> R) throws(E) -> R {
        mutex.lock()
        defer { mutex.unlock() }
        return try body(())
    }
}
