import Glibc
import Rendering

/// One byte buffer per thread, lent to whatever that thread renders next: a decision's log line
/// is written into its thread's buffer and copied into the sink, so an answer allocates no line
/// of its own (a fresh 1 KiB array per answer, grown once more for a long line, was two of the
/// log's mallocs). The buffer lives in a pthread key; the thread's exit releases it.
final class ThreadScratch: @unchecked Sendable {
    /// The buffer a thread keeps; a larger one (a line with a long body) is dropped after use.
    private final class Box { var bytes: [UInt8] = [] }
    /// Written once, before any thread can read it.
    private let key: pthread_key_t
    private let keptCapacity: Int

    init(keptCapacity: Int = 64 << 10) {
        self.keptCapacity = keptCapacity
        // The key lives as long as the process (one per use, made once); a thread that ends
        // releases its box.
        var key = pthread_key_t()
        created = pthread_key_create(&key) { raw in
            if let raw { Unmanaged<Box>.fromOpaque(raw).release() }
        } == 0
        self.key = key
    }

    /// False when the process had no key left: every call then gets a fresh buffer.
    private let created: Bool

    /// `body` with this thread's buffer, empty. The buffer is taken out of its box for the
    /// call, so a nested call on the same thread gets a fresh one (never two `inout`s to one).
    func with<Result>(_ body: (inout [UInt8]) -> Result) -> Result {
        borrow { bytes in
            bytes.removeAll(keepingCapacity: true)
            return body(&bytes)
        }
    }

    /// `write` at a pointer into this thread's buffer, as a region of at least `capacity` bytes
    /// (the worst case of what it writes), then `deliver` of what it wrote: a decision's line
    /// written in place and handed to the sink in one copy. The buffer is grown when short and
    /// never emptied (what it held is overwritten), so a line clears nothing.
    func write<Result>(capacity: Int, _ write: (inout UnsafeRowWriter) -> Void,
                       deliver: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        borrow { bytes in
            if bytes.count < capacity { bytes.append(contentsOf: repeatElement(0, count: capacity - bytes.count)) }
            return bytes.withUnsafeMutableBufferPointer { deliver(UnsafeRowWriter.write(in: $0, write)) }
        }
    }

    /// `body` with this thread's buffer as it was left (see `with`).
    private func borrow<Result>(_ body: (inout [UInt8]) -> Result) -> Result {
        guard created else {
            var bytes: [UInt8] = []
            return body(&bytes)
        }
        let box: Box
        if let raw = pthread_getspecific(key) {
            box = Unmanaged<Box>.fromOpaque(raw).takeUnretainedValue()
        } else {
            box = Box()
            let retained = Unmanaged.passRetained(box)
            // Not kept (no memory for the thread's slot): this call's buffer only.
            if pthread_setspecific(key, retained.toOpaque()) != 0 { retained.release() }
        }
        var bytes: [UInt8] = []
        swap(&bytes, &box.bytes)
        let result = body(&bytes)
        if bytes.capacity <= keptCapacity { swap(&bytes, &box.bytes) }
        return result
    }
}
