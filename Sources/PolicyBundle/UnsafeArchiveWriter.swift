import CArchive
import Glibc

/// A tar + gzip archive written in memory through libarchive, byte for byte the same for the
/// same members: the members in the order given (callers sort), every one a regular file with
/// mode 0644, owner 0:0 and no names, mtime 0; pax headers only where ustar cannot hold a name;
/// and no timestamp in the gzip header (libarchive writes the clock there unless told not to).
public enum ArchiveWriter {
    public struct Member: Hashable, Sendable {
        public var name: String
        public var bytes: [UInt8]

        public init(name: String, bytes: [UInt8]) { (self.name, self.bytes) = (name, bytes) }
    }

    /// The archive's bytes. `subject` names it in problems.
    public static func pack(_ members: [Member], subject: String) throws(BundleProblem) -> [UInt8] {
        for member in members {
            if let problem = BundleMemberName.problem(member.name) {
                throw BundleProblem(.input, subject, "member name '\(member.name)' \(problem)")
            }
        }
        // Compressed output never exceeds the input by more than headers, padding and deflate's
        // stored-block overhead: one buffer of that size, written in place.
        let payload = members.reduce(0) { $0 + $1.bytes.count }
        let capacity = payload + payload / 64 + members.count * 3 * 512 + (64 << 10)
        return try written(subject: subject, failing: "cannot write the archive", capacity: capacity,
                           format: { archive in archive_write_set_format_pax_restricted(archive) == ARCHIVE_OK }) {
            archive, failed throws(BundleProblem) in
            for member in members {
                guard let entry = archive_entry_new() else { throw failed("entry") }
                defer { archive_entry_free(entry) }
                archive_entry_set_pathname(entry, member.name)
                archive_entry_set_size(entry, Int64(member.bytes.count))
                archive_entry_set_filetype(entry, UInt32(Glibc.S_IFREG))
                archive_entry_set_perm(entry, 0o644)
                archive_entry_set_mtime(entry, 0, 0)
                archive_entry_set_uid(entry, 0)
                archive_entry_set_gid(entry, 0)
                guard archive_write_header(archive, entry) == ARCHIVE_OK else { throw failed("'\(member.name)'") }
                let written = member.bytes.withUnsafeBytes { raw in
                    raw.isEmpty ? 0 : archive_write_data(archive, raw.baseAddress, raw.count)
                }
                guard written == member.bytes.count else { throw failed("'\(member.name)'") }
            }
            guard archive_write_close(archive) == ARCHIVE_OK else { throw failed("close") }
        }
    }

    /// The bytes a libarchive writer leaves in one buffer of `capacity` bytes: `format` sets its
    /// format, then a gzip filter with no timestamp in its header (libarchive writes the clock
    /// there unless told not to), then `write` writes the entries and closes it. Problems name
    /// `subject` and say `failing` and the step. The one setup of both writers here.
    private static func written(subject: String, failing: String, capacity: Int, format: (OpaquePointer) -> Bool,
                                _ write: (OpaquePointer, (String) -> BundleProblem) throws(BundleProblem) -> Void)
        throws(BundleProblem) -> [UInt8] {
        guard let archive = archive_write_new() else { throw BundleProblem(.input, subject, "libarchive: out of memory") }
        defer { archive_write_free(archive) }
        func failed(_ step: String) -> BundleProblem {
            let detail = archive_error_string(archive).map { String(cString: $0) } ?? "failed"
            return BundleProblem(.input, subject, "\(failing) (\(step)): \(detail)")
        }
        guard format(archive),
              archive_write_add_filter_gzip(archive) == ARCHIVE_OK,
              archive_write_set_filter_option(archive, "gzip", "timestamp", nil) == ARCHIVE_OK
        else { throw failed("format") }
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 16)
        defer { buffer.deallocate() }
        var used = 0
        guard archive_write_open_memory(archive, buffer, capacity, &used) == ARCHIVE_OK else { throw failed("open") }
        try write(archive, failed)
        return Array(UnsafeRawBufferPointer(start: buffer, count: used))
    }
}

extension ArchiveWriter {
    /// `bytes` as one gzip member (RFC 1952) through libarchive's raw format and its gzip filter,
    /// with no timestamp or name in the header: the one gzip writer (bundles' tar.gz above, the
    /// server's `Content-Encoding: gzip` decision-log batches), so zlib stays libarchive's.
    public static func gzip(_ bytes: [UInt8]) throws(BundleProblem) -> [UInt8] {
        let capacity = bytes.count + bytes.count / 64 + (64 << 10)
        return try written(subject: "gzip", failing: "cannot compress", capacity: capacity, format: { archive in
            // The raw format's output is not padded to tar's 10 KiB blocks.
            archive_write_set_format_raw(archive) == ARCHIVE_OK && archive_write_set_bytes_in_last_block(archive, 1) == ARCHIVE_OK
        }) { archive, failed throws(BundleProblem) in
            guard let entry = archive_entry_new() else { throw failed("entry") }
            defer { archive_entry_free(entry) }
            archive_entry_set_filetype(entry, UInt32(Glibc.S_IFREG))
            archive_entry_set_size(entry, Int64(bytes.count))
            guard archive_write_header(archive, entry) == ARCHIVE_OK else { throw failed("header") }
            let written = bytes.withUnsafeBytes { raw in
                raw.isEmpty ? 0 : archive_write_data(archive, raw.baseAddress, raw.count)
            }
            guard written == bytes.count, archive_write_close(archive) == ARCHIVE_OK else { throw failed("data") }
        }
    }
}
