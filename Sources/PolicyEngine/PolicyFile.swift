import Glibc

/// Reading policy files with plain POSIX calls (no Foundation buffering, nothing
/// kept open): every failure becomes an `io` policy error naming the file.
enum PolicyFile {
    static func read(_ path: String, limit: Int) throws(PolicyError) -> [UInt8] {
        var info = stat()
        guard stat(path, &info) == 0 else { throw failure(path, errno) }
        guard (info.st_mode & S_IFMT) != S_IFDIR else {
            throw PolicyError(kind: .io, file: path, message: "is a directory, expected a lua file")
        }
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw failure(path, errno) }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw failure(path, errno)
            }
            if count == 0 { return bytes }
            bytes.append(contentsOf: chunk[0..<count])
            guard bytes.count <= limit else {
                throw PolicyError(kind: .memory, file: path,
                                  message: "file is larger than the memory limit of \(limit) bytes")
            }
        }
    }

    private static func failure(_ path: String, _ code: Int32) -> PolicyError {
        let message = switch code {
        case ENOENT: "no such file"
        case EACCES: "permission denied"
        default: String(cString: strerror(code)).lowercased()
        }
        return PolicyError(kind: .io, file: path, message: message)
    }

    static func fileName(of path: String) -> String {
        path.split(separator: "/", omittingEmptySubsequences: true).last.map(String.init) ?? path
    }
}
