import Glibc

/// Lines on stderr, each one `write`: lines from many threads never interleave.
enum AccessLog {
    static func line(_ text: String) {
        var bytes = Array(text.utf8)
        bytes.removeAll { $0 == 0x0A || $0 == 0x0D }
        bytes.append(0x0A)
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(2, buffer.baseAddress! + offset, buffer.count - offset)
                if written <= 0 { if errno == EINTR { continue }; return }
                offset += written
            }
        }
    }
}
