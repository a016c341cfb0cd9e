import Glibc

/// The one loop that writes all of a buffer to a descriptor: a `write` may take part of it, or
/// be interrupted by a signal (retried); an error or a closed pipe ends it. Every face's output,
/// log line and policy `print` writes through it.
public enum DescriptorWrite {
    /// Writes `bytes` to `fd` in as many `write`s as it takes; the count written before an error.
    @discardableResult
    public static func all(_ bytes: [UInt8], to fd: Int32) -> Int {
        bytes.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return 0 }
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(fd, base + offset, buffer.count - offset)
                if written < 0 && errno == EINTR { continue }
                if written <= 0 { return offset }
                offset += written
            }
            return offset
        }
    }
}
