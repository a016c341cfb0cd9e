import CalendarData
import CalPolicyRequests
import Foundation
import Glibc

/// Verified bundles under `--state-dir`: `bundles/r-<digest>/` holds one revision (the archive as
/// pulled, `bundle.tar.gz`, and its files under `files/`, written one by one from the verified
/// bytes: never `archive_write_disk`), and `bundles/active` names the revision answering. A
/// revision is written in a hidden temporary folder and renamed into place whole; `active` is
/// replaced by rename. Names come from a manifest the reading rules accepted (relative, no `..`,
/// no links), and every file is created afresh (`O_EXCL | O_NOFOLLOW`) in folders made here,
/// so nothing is written outside the state folder.
struct BundleStore: Sendable {
    let folder: String

    init(stateDir: String) { folder = stateDir + "/bundles" }

    /// A revision's folder name: the first 16 hex digits of its archive's SHA-256.
    static func name(digest: String) -> String { "r-" + digest.prefix(16) }

    func prepare() throws(ServeStateError) {
        if mkdir(folder, 0o700) != 0 && errno != EEXIST {
            throw ServeStateError("\(folder): cannot be created: \(Self.reason(errno))")
        }
        var info = stat()
        guard lstat(folder, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else {
            throw ServeStateError("\(folder): is not a folder")
        }
    }

    /// The policies of each stack the manifest names, as paths in revision `name`.
    func stacks(_ contents: BundleContents, in name: String) -> [(name: String, paths: [String])] {
        contents.manifest.stacks.map { stack in (stack.name, stack.policies.map { folder + "/" + name + "/files/" + $0 }) }
    }

    /// Writes `contents` (verified) as revision `name`, replacing a folder of that name that is
    /// not the active one.
    func write(_ contents: BundleContents, archive: [UInt8], name: String) throws(ServeStateError) {
        let temporary = folder + "/.tmp-" + String(UInt64.random(in: 0...UInt64.max), radix: 16)
        guard mkdir(temporary, 0o700) == 0 else {
            throw ServeStateError("\(temporary): cannot be created: \(Self.reason(errno))")
        }
        do throws(ServeStateError) {
            try Self.create(temporary + "/bundle.tar.gz", archive)
            try Self.makeFolder(temporary + "/files")
            for file in contents.files {
                var path = temporary + "/files"
                let parts = file.name.split(separator: "/").map(String.init)
                for part in parts.dropLast() {
                    path += "/" + part
                    try Self.makeFolder(path)
                }
                try Self.create(path + "/" + (parts.last ?? file.name), file.bytes, flush: false)
            }
            let target = folder + "/" + name
            if FileManager.default.fileExists(atPath: target) { try? FileManager.default.removeItem(atPath: target) }
            guard rename(temporary, target) == 0 else {
                throw ServeStateError("\(target): cannot be renamed into place: \(Self.reason(errno))")
            }
        } catch {
            try? FileManager.default.removeItem(atPath: temporary)
            throw error
        }
    }

    /// Names revision `name` as the one answering (the file `active`, replaced by rename).
    func markActive(_ name: String) throws(ServeStateError) {
        let temporary = folder + "/.active.tmp-" + String(UInt64.random(in: 0...UInt64.max), radix: 16)
        try Self.create(temporary, Array((name + "\n").utf8))
        guard rename(temporary, folder + "/active") == 0 else {
            let code = errno
            unlink(temporary)
            throw ServeStateError("\(folder)/active: cannot be replaced: \(Self.reason(code))")
        }
    }

    /// The revision `active` names, if it is one.
    func activeName() -> String? {
        guard let text = try? RegularFile.text(folder + "/active", limit: 256, followLinks: false) else { return nil }
        let name = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard name.count == 18, name.hasPrefix("r-"), name.dropFirst(2).allSatisfy({ $0.isHexDigit && !$0.isUppercase }) else {
            return nil
        }
        return name
    }

    /// The persisted active bundle, read again under the reading rules (and checked against
    /// `publicKey` when given), its files on disk matching their digests; else why not.
    func persisted(publicKey: [UInt8]?) -> Result<(name: String, contents: BundleContents, digest: String), ServeStateError> {
        guard let name = activeName() else { return .failure(ServeStateError("no persisted bundle")) }
        let archive = folder + "/" + name + "/bundle.tar.gz"
        let bytes: [UInt8]
        do { bytes = try RegularFile.read(archive, limit: 256 << 20, followLinks: false) } catch {
            return .failure(ServeStateError("\(archive): \(error.description)"))
        }
        let contents: BundleContents
        do {
            contents = try BundleContents.parse(bytes, subject: archive)
            if let publicKey { try BundleSigning.check(contents, subject: archive, publicKey: publicKey) }
        } catch {
            return .failure(ServeStateError(error.line))
        }
        for file in contents.manifest.files {
            let path = folder + "/" + name + "/files/" + file.name
            guard let data = try? RegularFile.read(path, limit: file.size + 1, followLinks: false),
                  SHA256.hex(data) == file.sha256 else {
                return .failure(ServeStateError("\(path): missing or changed since it was verified"))
            }
        }
        return .success((name, contents, SHA256.hex(bytes)))
    }

    /// Removes every revision folder but `keep` (and leftover temporary folders).
    func prune(keeping keep: Set<String>) {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for entry in entries where (entry.hasPrefix("r-") || entry.hasPrefix(".tmp-")) && !keep.contains(entry) {
            try? FileManager.default.removeItem(atPath: folder + "/" + entry)
        }
    }

    func remove(_ name: String) { try? FileManager.default.removeItem(atPath: folder + "/" + name) }

    private static func makeFolder(_ path: String) throws(ServeStateError) {
        guard mkdir(path, 0o755) == 0 || errno == EEXIST else {
            throw ServeStateError("\(path): cannot be created: \(reason(errno))")
        }
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else {
            throw ServeStateError("\(path): is not a folder")
        }
    }

    /// A new file, whole: created (never opened through a link or over a file), written, and
    /// flushed when `flush`. A revision's files are not flushed one by one (a thousand fsyncs
    /// cost seconds): a start reads them back against their digests before using them, so a
    /// file a crash cut short makes the persisted bundle unused, never wrong.
    private static func create(_ path: String, _ bytes: [UInt8], flush: Bool = true) throws(ServeStateError) {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw ServeStateError("\(path): cannot be created: \(reason(errno))") }
        let written = DescriptorWrite.all(bytes, to: fd)
        var failure: Int32 = written == bytes.count ? 0 : (errno != 0 ? errno : EIO)
        if failure == 0 && flush && fsync(fd) != 0 { failure = errno }
        if close(fd) != 0 && failure == 0 { failure = errno }
        guard failure == 0 else { throw ServeStateError("\(path): cannot be written: \(reason(failure))") }
    }

    private static func reason(_ code: Int32) -> String { String(cString: strerror(code)).lowercased() }
}
