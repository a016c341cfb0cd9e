import Glibc

/// What identifies a file's version cheaply (`serve --watch`, the overrides folder, `gate
/// --wait`): its inode, size and modification time, from one `stat`. An edit in place or a
/// file replaced by rename changes one of them.
public struct FileKey: Equatable, Sendable {
    public var inode: UInt64
    public var size: Int64
    public var modified: Int64

    public init(inode: UInt64, size: Int64, modified: Int64) {
        (self.inode, self.size, self.modified) = (inode, size, modified)
    }

    /// The key of the file at `path` (following links), nil when it cannot be looked at.
    public static func of(_ path: String) -> FileKey? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return FileKey(inode: UInt64(info.st_ino), size: Int64(info.st_size),
                       modified: Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec))
    }
}
