import Glibc

/// Why a new file could not be made, as data (each caller words it for its place).
public enum FileWriteProblem: Error, Hashable, Sendable, CustomStringConvertible {
    /// Something is already at the path: it is never replaced.
    case exists
    /// `open`, `write`, `fsync`, `link` or `rename` failed with this errno.
    case cannotWrite(Int32)

    /// "already exists", "cannot be written: no space left on device": the tail of "'path' ...".
    public var description: String {
        switch self {
        case .exists: "already exists"
        case .cannotWrite(let code): "cannot be written: " + String(cString: strerror(code)).lowercased()
        }
    }
}

/// The one way a new file is written (`import`'s policy and test, `override add`'s file): whole
/// or not at all, and never over an existing file.
///
/// The bytes go to a hidden temporary file beside the target (`O_CREAT | O_EXCL`, mode 0644, so
/// a name someone else holds is never opened), are flushed to the disk (`fsync`), and the file
/// then takes its name with `link`, which fails rather than replace a file that appeared
/// meanwhile; the temporary name is removed and the folder flushed. A reader of the folder sees
/// no file or the whole file, and a crash leaves at most a hidden `.NAME.tmp-*` behind. On a
/// file system without hard links, `rename` after a last look for the target stands in.
public enum AtomicFile {
    public static func create(_ path: String, bytes: [UInt8], mode: mode_t = 0o644) throws(FileWriteProblem) {
        if access(path, F_OK) == 0 { throw .exists }
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[...$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        var temporary = "", fd: Int32 = -1
        for _ in 0..<8 {
            temporary = folder + "." + name + ".tmp-" + String(UInt64.random(in: 0...UInt64.max), radix: 16)
            fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode)
            if fd >= 0 || errno != EEXIST { break }
        }
        guard fd >= 0 else { throw .cannotWrite(errno) }
        // The mode asked for, whatever the umask left of it.
        _ = fchmod(fd, mode)
        errno = 0
        let written = DescriptorWrite.all(bytes, to: fd)
        var failure: Int32 = written == bytes.count ? 0 : (errno != 0 ? errno : EIO)
        if failure == 0 && fsync(fd) != 0 { failure = errno }
        if close(fd) != 0 && failure == 0 { failure = errno }
        guard failure == 0 else {
            unlink(temporary)
            throw .cannotWrite(failure)
        }
        if link(temporary, path) != 0 {
            let code = errno
            guard code == EPERM || code == EOPNOTSUPP || code == EXDEV else {
                unlink(temporary)
                throw code == EEXIST ? .exists : .cannotWrite(code)
            }
            guard access(path, F_OK) != 0 else {
                unlink(temporary)
                throw .exists
            }
            guard rename(temporary, path) == 0 else {
                let code = errno
                unlink(temporary)
                throw .cannotWrite(code)
            }
        } else {
            unlink(temporary)
        }
        syncFolder(folder.isEmpty ? "." : folder)
    }

    /// The folder's entry made durable too (best effort: some file systems refuse it).
    private static func syncFolder(_ folder: String) {
        let fd = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return }
        _ = fsync(fd)
        close(fd)
    }
}
