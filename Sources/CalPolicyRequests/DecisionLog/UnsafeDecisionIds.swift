import Crypto
import Foundation

/// Decision ids: random (version 4) UUIDs, lowercase, from a pool of kernel randomness drawn 4 KiB
/// at a time. Foundation's `UUID()` opened and read `/dev/urandom` once per id, a twelfth of a
/// logged decision's time; the pool costs one `getrandom` per 256 ids.
enum DecisionIds {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var pool: [UInt8] = []
    nonisolated(unsafe) private static var used = 0
    private static let poolBytes = 4096

    static func next() -> String {
        var bytes = (UInt64(0), UInt64(0))
        let drawn = lock.withLock { () -> Bool in
            if used + 16 > pool.count {
                guard let fresh = SystemRandom.bytes(poolBytes) else { return false }
                pool = fresh
                used = 0
            }
            withUnsafeMutableBytes(of: &bytes) { out in
                pool.withUnsafeBytes { out.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[used..<(used + 16)])) }
            }
            // Used bytes are overwritten, so an id's bytes do not stay in memory after it is given.
            for index in used..<(used + 16) { pool[index] = 0 }
            used += 16
            return true
        }
        guard drawn else { return UUID().uuidString.lowercased() }
        return withUnsafeMutableBytes(of: &bytes) { raw in
            raw[6] = (raw[6] & 0x0F) | 0x40  // version 4
            raw[8] = (raw[8] & 0x3F) | 0x80  // variant 10
            return String(unsafeUninitializedCapacity: 36) { out in
                let digits: StaticString = "0123456789abcdef"
                var position = 0
                for index in 0..<16 {
                    if index == 4 || index == 6 || index == 8 || index == 10 {
                        out[position] = UInt8(ascii: "-")
                        position += 1
                    }
                    out[position] = digits.utf8Start[Int(raw[index] >> 4)]
                    out[position + 1] = digits.utf8Start[Int(raw[index] & 0x0F)]
                    position += 2
                }
                return 36
            }
        }
    }
}
