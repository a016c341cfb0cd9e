import CalendarData
import Glibc

/// The raw-memory side of sniffing a policy file: a `memchr` over the start of what was read
/// (`RegularFile` reads it). Kept apart so `PolicyFile` holds no pointers.
enum UnsafeFileBytes {
    /// Whether a NUL byte is among the first `count` bytes. memchr, not `contains`: this runs
    /// on every start over up to 4 KiB (a byte loop was 0.5 % of a cold start).
    static func hasZero(_ bytes: [UInt8], within count: Int) -> Bool {
        bytes.withUnsafeBytes { raw in
            raw.baseAddress.map { memchr($0, 0, min(count, raw.count)) != nil } ?? false
        }
    }
}
