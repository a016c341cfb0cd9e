import Glibc

/// The raw-memory side of `RegularFile`: `read(2)` straight into an array's storage (no zero
/// fill, no `Data` in between). Kept apart so `RegularFile` holds no pointers.
enum UnsafeRegularFileRead {
    /// Everything up to end of file, at most `limit` bytes. `sizeHint` (the size `fstat` gave)
    /// sizes the first read, one byte over so the end shows; a file that reports no size
    /// (`/proc`) or grows is read on in larger pieces until the limit.
    static func readAll(_ fd: Int32, sizeHint: Int, limit: Int) throws(FileReadProblem) -> [UInt8] {
        var bytes: [UInt8] = []
        var want = min(max(sizeHint, 0), limit) + 1
        while true {
            var ended = false
            var failure: Int32 = 0
            let piece = [UInt8](unsafeUninitializedCapacity: want) { buffer, count in
                count = 0
                while count < buffer.count {
                    let got = Glibc.read(fd, buffer.baseAddress! + count, buffer.count - count)
                    if got < 0 {
                        if errno == EINTR { continue }
                        failure = errno
                        break
                    }
                    if got == 0 { ended = true; break }
                    count += got
                }
            }
            if failure != 0 { throw .cannotRead(failure) }
            if bytes.isEmpty { bytes = piece } else { bytes += piece }
            if bytes.count > limit { throw .tooLarge(limit: limit) }
            if ended { return bytes }
            want = min(limit + 1 - bytes.count, max(4096, bytes.count))
        }
    }
}
