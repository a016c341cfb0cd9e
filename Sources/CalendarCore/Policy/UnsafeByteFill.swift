/// `count` slots from `slots` initialised as copies of `value`'s bytes.
///
/// Only for a value that holds no reference (every text nil, no class): a byte copy of it is
/// exactly what a value copy does, without the value witness's walk over its optional fields,
/// which ran once per day of a long report (the stack's empty outcome, a run's empty answers).
///
/// The first slot is copied from `value`, then the filled slots are copied after themselves,
/// doubling: a run of 1,024 outcomes takes eleven `memcpy` calls, not one per slot (a call per
/// slot was ~70 instructions a day of an all-allowed report).
@inline(__always)
func initializeAsBytes<T>(_ slots: UnsafeMutablePointer<T>, count: Int, of value: T) {
    guard count > 0 else { return }
    let base = UnsafeMutableRawPointer(slots)
    withUnsafePointer(to: value) { base.copyMemory(from: $0, byteCount: MemoryLayout<T>.size) }
    var filled = 1
    while filled < count {
        let more = Swift.min(filled, count - filled)
        // The first `more` slots, each a whole stride (a slot's padding bytes go along unread).
        (base + filled * MemoryLayout<T>.stride).copyMemory(from: base, byteCount: (more - 1) * MemoryLayout<T>.stride
            + MemoryLayout<T>.size)
        filled += more
    }
}
