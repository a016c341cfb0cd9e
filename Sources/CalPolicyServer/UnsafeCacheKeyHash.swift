extension CacheKey {
    /// The key's bytes fed to the hasher as one buffer: `Array`'s own `hash(into:)` feeds them
    /// one `UInt8` at a time, and every cached answer hashes its key once. Equal keys have equal
    /// bytes, so they hash alike (`==` stays the synthesized comparison of `bytes`).
    func hash(into hasher: inout Hasher) {
        hasher.combine(bytes.count)
        bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
    }
}
