import CalendarData
import Glibc

/// The CLI's raw reads and writes of file descriptors, in one place: the console's
/// flush, `print` lines and the stuck-work line write through `writeAll`; `eval -`
/// reads through `readAll`.
enum StandardStreams {
    /// All of `bytes`, retried on EINTR; a closed pipe ends it quietly.
    static func writeAll(_ bytes: [UInt8], to fd: Int32) {
        DescriptorWrite.all(bytes, to: fd)
    }

    /// Everything `fd` holds until end of file, or nil once it passes `limit` bytes.
    static func readAll(from fd: Int32, limit: Int) -> [UInt8]? {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            if count <= 0 { return bytes }
            bytes.append(contentsOf: chunk[0..<count])
            if bytes.count > limit { return nil }
        }
    }
}
