import Glibc

/// Lines on stderr, each one `write`: lines from many threads never interleave.
enum AccessLog {
    static func line(_ text: String) {
        // Request paths and policy messages are untrusted: no control character reaches the terminal.
        var bytes = Array(text.utf8).map { $0 < 0x20 || $0 == 0x7F ? UInt8(ascii: "?") : $0 }
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
