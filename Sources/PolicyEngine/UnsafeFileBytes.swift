import Glibc

/// The raw-memory side of reading a policy file: a `read(2)` into a buffer and a `memchr`
/// over the start of what was read. Kept apart so `PolicyFile` holds no pointers.
enum UnsafeFileBytes {
    /// One `read(2)` of at most `chunk.count` bytes into `chunk`; the count, or -1 (see errno).
    static func read(_ fd: Int32, into chunk: inout [UInt8]) -> Int {
        chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
    }

    /// Whether a NUL byte is among the first `count` bytes. memchr, not `contains`: this runs
    /// on every start over up to 4 KiB (a byte loop was 0.5 % of a cold start).
    static func hasZero(_ bytes: [UInt8], within count: Int) -> Bool {
        bytes.withUnsafeBytes { raw in
            raw.baseAddress.map { memchr($0, 0, min(count, raw.count)) != nil } ?? false
        }
    }
}
