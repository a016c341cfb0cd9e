import CArchive
import Glibc

/// An untrusted tar + gzip archive read in memory, one member at a time, through libarchive's
/// `archive_read_next_header` / `archive_read_data` (never `archive_write_disk`: nothing is
/// written). Each header is judged before any of its data is read: only regular files with a
/// `BundleMemberName`, each name once, and never more members or declared bytes than `limits`
/// allow. A symbolic or hard link, a device, a FIFO, a directory, a sparse member, a header
/// libarchive warns about, or damage (a truncated archive) is refused with one line.
public final class ArchiveReader {
    public struct Head: Hashable, Sendable {
        public var name: String
        /// The size the header declares (the data read must have exactly this many bytes).
        public var size: Int
        /// 1 for the first member.
        public var index: Int
    }

    private let archive: OpaquePointer
    private let buffer: UnsafeMutableRawBufferPointer
    private let subject: String
    private let limits: BundleLimits
    private var names: Set<String> = []
    private var declared = 0
    private var current: Head?
    /// Headers read so far (the tests see that a hostile archive stopped early).
    public private(set) var headersRead = 0

    /// `bytes` is the archive (copied; the reader owns its memory); `subject` names it in problems.
    public init(_ bytes: [UInt8], subject: String, limits: BundleLimits = .standard) throws(BundleProblem) {
        (self.subject, self.limits) = (subject, limits)
        let copy = UnsafeMutableRawBufferPointer.allocate(byteCount: max(bytes.count, 1), alignment: 16)
        bytes.withUnsafeBytes { source in copy.copyMemory(from: source) }
        // Opened before any property is set: a failure frees both here, and deinit never runs.
        guard let made = archive_read_new() else {
            copy.deallocate()
            throw BundleProblem(.input, subject, "libarchive: out of memory")
        }
        guard archive_read_support_filter_gzip(made) == ARCHIVE_OK,
              archive_read_support_format_tar(made) == ARCHIVE_OK,
              archive_read_open_memory(made, copy.baseAddress, bytes.count) == ARCHIVE_OK
        else {
            let detail = Self.error(made)
            archive_read_free(made)
            copy.deallocate()
            throw BundleProblem(.rejected, subject, "is not a tar.gz archive (\(detail))")
        }
        (archive, buffer) = (made, copy)
    }

    deinit {
        archive_read_free(archive)
        buffer.deallocate()
    }

    /// The next member's header, judged; nil at the archive's end.
    public func next() throws(BundleProblem) -> Head? {
        var entry: OpaquePointer?
        let status = archive_read_next_header(archive, &entry)
        if status == ARCHIVE_EOF { current = nil; return nil }
        headersRead += 1
        guard status == ARCHIVE_OK, let entry else {
            throw BundleProblem(.rejected, subject, "is damaged or truncated (\(Self.error(archive)))")
        }
        guard headersRead <= limits.entries else {
            throw BundleProblem(.rejected, subject, "holds more than \(limits.entries) members")
        }
        guard let raw = archive_entry_pathname(entry), let name = String(validatingCString: raw) else {
            throw BundleProblem(.rejected, subject, "member \(headersRead) has no name or one that is not UTF-8")
        }
        let shown = "member '\(Self.cut(name))'"
        if archive_entry_hardlink(entry) != nil {
            throw BundleProblem(.rejected, subject, "\(shown) is a hard link; a bundle holds regular files only")
        }
        if archive_entry_symlink(entry) != nil {
            throw BundleProblem(.rejected, subject, "\(shown) is a symbolic link; a bundle holds regular files only")
        }
        let type = archive_entry_filetype(entry)
        guard type == UInt32(Glibc.S_IFREG) else {
            throw BundleProblem(.rejected, subject, "\(shown) is \(Self.kind(type)); a bundle holds regular files only")
        }
        if let problem = BundleMemberName.problem(name, limit: limits.nameBytes) {
            throw BundleProblem(.rejected, subject, "\(shown): the name \(problem)")
        }
        guard archive_entry_sparse_count(entry) == 0 else {
            throw BundleProblem(.rejected, subject, "\(shown) is a sparse file; a bundle holds regular files only")
        }
        guard archive_entry_size_is_set(entry) != 0 else {
            throw BundleProblem(.rejected, subject, "\(shown) declares no size")
        }
        let size = archive_entry_size(entry)
        guard size >= 0, size <= Int64(limits.memberBytes) else {
            throw BundleProblem(.rejected, subject, "\(shown) declares \(size) bytes, more than the \(limits.memberBytes) a member may hold")
        }
        declared += Int(size)
        guard declared <= limits.totalBytes else {
            throw BundleProblem(.rejected, subject, "the members declare more than \(limits.totalBytes) bytes together")
        }
        guard names.insert(name).inserted else {
            throw BundleProblem(.rejected, subject, "\(shown) appears twice")
        }
        let head = Head(name: name, size: Int(size), index: headersRead)
        current = head
        return head
    }

    /// The current member's bytes: exactly the size its header declared, or a problem.
    public func data() throws(BundleProblem) -> [UInt8] {
        guard let head = current else { return [] }
        current = nil
        var out = [UInt8](repeating: 0, count: head.size)
        var filled = 0
        while true {
            let room = head.size - filled
            // One byte of room past the declared size, so data longer than declared is seen.
            var spare: UInt8 = 0
            let got = room > 0
                ? out.withUnsafeMutableBytes { raw in archive_read_data(archive, raw.baseAddress! + filled, room) }
                : archive_read_data(archive, &spare, 1)
            if got == 0 { break }
            guard got > 0 else {
                throw BundleProblem(.rejected, subject, "member '\(Self.cut(head.name))' is damaged or truncated (\(Self.error(archive)))")
            }
            guard room > 0 else {
                throw BundleProblem(.rejected, subject, "member '\(Self.cut(head.name))' holds more than it declares")
            }
            filled += got
        }
        guard filled == head.size else {
            throw BundleProblem(.rejected, subject, "member '\(Self.cut(head.name))' is truncated (\(filled) of \(head.size) bytes)")
        }
        return out
    }

    static func error(_ archive: OpaquePointer) -> String {
        archive_error_string(archive).map { String(cString: $0) } ?? "unknown error"
    }

    static func kind(_ type: UInt32) -> String {
        switch Int32(bitPattern: type) & Int32(Glibc.S_IFMT) {
        case Int32(Glibc.S_IFDIR): "a directory"
        case Int32(Glibc.S_IFLNK): "a symbolic link"
        case Int32(Glibc.S_IFCHR): "a character device"
        case Int32(Glibc.S_IFBLK): "a block device"
        case Int32(Glibc.S_IFIFO): "a FIFO"
        case Int32(Glibc.S_IFSOCK): "a socket"
        default: "not a regular file"
        }
    }

    /// A hostile name is shown at most 80 bytes long, controls escaped by the face.
    static func cut(_ name: String) -> String {
        name.utf8.count <= 80 ? name : String(decoding: Array(name.utf8.prefix(80)), as: UTF8.self) + "…"
    }
}
