/// `count` slots from `slots` initialised as copies of `value`'s bytes.
///
/// Only for a value that holds no reference (every text nil, no class): a byte copy of it is
/// exactly what a value copy does, without the value witness's walk over its optional fields,
/// which ran once per day of a long report (the stack's empty outcome, a run's empty answers).
@inline(__always)
func initializeAsBytes<T>(_ slots: UnsafeMutablePointer<T>, count: Int, of value: T) {
    withUnsafePointer(to: value) { template in
        let base = UnsafeMutableRawPointer(slots)
        for index in 0..<count {
            (base + index * MemoryLayout<T>.stride).copyMemory(from: template, byteCount: MemoryLayout<T>.size)
        }
    }
}
