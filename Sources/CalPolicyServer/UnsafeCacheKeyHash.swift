import Foundation

extension CacheKey {
    /// The key's bytes fed to the hasher as one buffer: `Array`'s own `hash(into:)` feeds them
    /// one `UInt8` at a time, and every cached answer hashes its key once. Equal keys have equal
    /// bytes, so they hash alike.
    func hash(into hasher: inout Hasher) {
        hasher.combine(bytes.count)
        bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
    }

    /// The same bytes, compared with `memcmp` (a hit compares its whole key; `Array`'s `==`
    /// compares element by element).
    static func == (lhs: CacheKey, rhs: CacheKey) -> Bool {
        guard lhs.bytes.count == rhs.bytes.count else { return false }
        return lhs.bytes.withUnsafeBytes { left in
            rhs.bytes.withUnsafeBytes { right in
                guard let leftBase = left.baseAddress, let rightBase = right.baseAddress else { return true }  // both empty
                return memcmp(leftBase, rightBase, left.count) == 0
            }
        }
    }
}
