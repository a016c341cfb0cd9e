import Glibc

/// What keeps a path from being read as a file, as data (each caller words it for its place).
public enum FileReadProblem: Error, Hashable, Sendable, CustomStringConvertible {
    /// Nothing at the path (ENOENT).
    case missing
    case directory
    /// A FIFO, a device, a socket, or (when links are not followed) a symbolic link: `kind`
    /// says which ("a FIFO", "a character device", ...).
    case notRegularFile(kind: String)
    /// `stat`, `open` or `fstat` failed with this errno.
    case cannotOpen(Int32)
    /// `read` failed with this errno.
    case cannotRead(Int32)
    /// More than `limit` bytes (told by its size before any read, or by reading past it).
    case tooLarge(limit: Int)

    /// "is a FIFO, not a regular file", "is larger than 1048576 bytes": the tail of "'path' ...".
    public var description: String {
        switch self {
        case .missing: "does not exist"
        case .directory: "is a directory, not a regular file"
        case .notRegularFile(let kind): "is \(kind), not a regular file"
        case .cannotOpen(let code): "cannot be opened: \(String(cString: strerror(code)))"
        case .cannotRead(let code): "cannot be read: \(String(cString: strerror(code)))"
        case .tooLarge(let limit): "is larger than \(RegularFile.describe(bytes: limit))"
        }
    }
}

/// The one way a file we read is opened: policies, `--config`, `--selections`, `--batch`, zone
/// files, holiday data, files a policy reads (`cal.ics`), snapshots, token files.
///
/// `stat` first, so a FIFO or a device is refused before it is opened (opening a FIFO blocks
/// until a writer comes; opening some devices has effects); then `open` with `O_NONBLOCK` (a
/// FIFO swapped in after the `stat` cannot block either) and `fstat` on what was opened, which
/// must be a regular file no larger than the limit (a sparse 1 TB file is refused by its size,
/// unread); then the bytes, at most the limit of them even if the file grows meanwhile.
/// The compile cache's C has the same discipline in `cls_open_regular` (CLuaShim).
public enum RegularFile {
    /// The file's bytes. `followLinks: false` refuses a symbolic link as the last component
    /// (`O_NOFOLLOW`), for files that must be exactly where they are named.
    public static func read(_ path: String, limit: Int, followLinks: Bool = true) throws(FileReadProblem) -> [UInt8] {
        var info = stat()
        let found = followLinks ? stat(path, &info) : lstat(path, &info)
        guard found == 0 else { throw errno == ENOENT ? .missing : .cannotOpen(errno) }
        try check(info, limit: limit)
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC | (followLinks ? 0 : O_NOFOLLOW))
        guard fd >= 0 else {
            if errno == ELOOP && !followLinks { throw .notRegularFile(kind: "a symbolic link") }
            throw errno == ENOENT ? .missing : .cannotOpen(errno)
        }
        defer { close(fd) }
        guard fstat(fd, &info) == 0 else { throw .cannotOpen(errno) }
        try check(info, limit: limit)
        return try UnsafeRegularFileRead.readAll(fd, sizeHint: Int(info.st_size), limit: limit)
    }

    /// `read` as text (invalid UTF-8 repaired).
    public static func text(_ path: String, limit: Int, followLinks: Bool = true) throws(FileReadProblem) -> String {
        String(decoding: try read(path, limit: limit, followLinks: followLinks), as: UTF8.self)
    }

    /// Whether `path` names a regular file (following links) without opening it.
    public static func isRegular(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
    }

    static func check(_ info: stat, limit: Int) throws(FileReadProblem) {
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw .directory
        case S_IFIFO: throw .notRegularFile(kind: "a FIFO")
        case S_IFCHR: throw .notRegularFile(kind: "a character device")
        case S_IFBLK: throw .notRegularFile(kind: "a block device")
        case S_IFSOCK: throw .notRegularFile(kind: "a socket")
        case S_IFLNK: throw .notRegularFile(kind: "a symbolic link")
        default: throw .notRegularFile(kind: "not a file")
        }
        guard info.st_size <= limit else { throw .tooLarge(limit: limit) }
    }

    /// "64 MiB", "1048577 bytes".
    static func describe(bytes: Int) -> String {
        if bytes >= 1 << 20, bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
        if bytes >= 1 << 10, bytes % (1 << 10) == 0 { return "\(bytes >> 10) KiB" }
        return "\(bytes) bytes"
    }
}
