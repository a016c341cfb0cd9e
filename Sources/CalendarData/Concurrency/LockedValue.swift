import Foundation

/// A value behind a lock: `Mutex`'s shape, on a pthread mutex (`NSLock`) ThreadSanitizer can
/// see. `Synchronization.Mutex`'s contended path runs inside an uninstrumented library, so
/// ThreadSanitizer cannot see it order two threads and reports the value they share as a race.
public final class LockedValue<Value>: @unchecked Sendable {
    private let mutex = NSLock()
    private var value: Value

    public init(_ value: Value) { self.value = value }

    public func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
        mutex.lock()
        defer { mutex.unlock() }
        return try body(&value)
    }
}
