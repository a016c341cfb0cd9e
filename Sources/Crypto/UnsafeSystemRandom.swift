import CGetRandom
import Glibc

/// Bytes from the kernel's random source (getrandom(2), blocking only until it is seeded at
/// boot): the seed of a new signing key. Nil only when the kernel refuses (ENOSYS).
public enum SystemRandom {
    public static func bytes(_ count: Int) -> [UInt8]? {
        var out = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let got = out.withUnsafeMutableBytes { buffer in
                getrandom(buffer.baseAddress! + filled, count - filled, 0)
            }
            if got < 0 {
                if errno == EINTR { continue }
                return nil
            }
            filled += got
        }
        return out
    }
}
