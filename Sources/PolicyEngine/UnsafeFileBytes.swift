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

    /// A whole regular file's bytes, read straight into the array (no zero fill, no `Data` in
    /// between: a holiday file is up to 1 MiB and read on the start of a command), or nil.
    static func readAll(path: String) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        let size = Int(info.st_size)
        var failed = false
        let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
            count = 0
            while count < size {
                let got = Glibc.read(fd, buffer.baseAddress! + count, size - count)
                if got < 0, errno == EINTR { continue }
                if got <= 0 { break }
                count += got
            }
            failed = count != size
        }
        return failed ? nil : bytes
    }
}
