import Foundation
import Glibc

/// `--state-dir DIR`: the one place the server writes state of its own (overrides posted through
/// the API; later bundles, pending deployments, the compile cache). Created owner-only (0700);
/// an existing one must be a folder, and is narrowed to 0700 when it is wider.
enum ServeStateDirectory {
    static func prepare(_ path: String) throws(ServeStateError) {
        var info = stat()
        if lstat(path, &info) != 0 {
            guard errno == ENOENT else { throw ServeStateError("\(path): \(String(cString: strerror(errno)))") }
            guard mkdir(path, 0o700) == 0 || errno == EEXIST else {
                throw ServeStateError("\(path): cannot be created: \(String(cString: strerror(errno)))")
            }
            guard lstat(path, &info) == 0 else { throw ServeStateError("\(path): \(String(cString: strerror(errno)))") }
        }
        guard info.st_mode & S_IFMT == S_IFDIR else { throw ServeStateError("\(path): is not a folder") }
        if info.st_mode & 0o077 != 0, chmod(path, 0o700) != 0 {
            throw ServeStateError("\(path): cannot be made owner-only: \(String(cString: strerror(errno)))")
        }
    }
}

/// Why the state folder cannot be used (one line at start, exit 2).
struct ServeStateError: Error, Sendable {
    let message: String
    init(_ message: String) { self.message = message }
}
