import Glibc

/// Waits until one of a set of files changes (`eval|test|check --watch`). What counts as a
/// change is what `FileKey` says, as for `serve --watch` and `gate --wait`: the keys of the
/// watched files (and of every file in a watched folder) are taken again and compared. inotify
/// on the folders holding them only wakes the comparison early; where inotify is unavailable
/// (a container without it, too many watches) the keys are compared every `pollInterval`.
/// Watching folders, not files, is what survives an editor's save by rename (vim, VS Code):
/// the new file has a new inode a watch on the old one would never see.
public final class FileWatch {
    /// How often the keys are compared without inotify, and at most how long a change waits.
    public static let pollInterval = 0.25
    /// An editor's save is several events (write a temporary, rename it over): the comparison
    /// waits this long after the first, so one save is one change.
    static let settle: UInt32 = 60_000
    /// A folder given to watch is walked at most this deep and this wide (a test folder).
    static let maxFiles = 4096

    private let paths: [String]
    private var keys: [String: FileKey?]
    private var inotify: Int32 = -1
    /// Whether inotify wakes the comparison (false: polling only).
    public var usesInotify: Bool { inotify >= 0 }

    /// `paths`: files (their folders are watched too, so files read beside a policy count) and
    /// folders (every file under them). `polling`: never use inotify (tests of the fallback).
    public init(paths: [String], polling: Bool = false) {
        self.paths = paths
        self.keys = [:]
        if !polling { inotify = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC)) }
        keys = snapshot()
        if inotify >= 0 {
            let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE | IN_ATTRIB | IN_MODIFY)
            var added = 0
            for folder in folders() where inotify_add_watch(inotify, folder, mask) >= 0 { added += 1 }
            if added == 0 {
                close(inotify)
                inotify = -1
            }
        }
    }

    deinit { if inotify >= 0 { close(inotify) } }

    /// Blocks until a watched file changed since the last call (or since `init`); true then.
    /// Returns false only when `timeout` seconds passed first.
    public func wait(timeout: Double? = nil) -> Bool {
        let end = Self.monotonic() + (timeout ?? .infinity)
        while true {
            let left = end - Self.monotonic()
            if left <= 0 { return false }
            let step = min(left, Self.pollInterval)
            if inotify >= 0 {
                var entry = pollfd(fd: inotify, events: Int16(POLLIN), revents: 0)
                if poll(&entry, 1, Int32((step * 1000).rounded(.up))) > 0 {
                    usleep(Self.settle)
                    drain()
                }
            } else {
                usleep(UInt32(step * 1e6))
            }
            let now = snapshot()
            if now != keys {
                keys = now
                return true
            }
        }
    }

    /// Seconds on the monotonic clock (a duration, not civil time).
    static func monotonic() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }

    private func drain() {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while read(inotify, &buffer, buffer.count) > 0 {}
    }

    /// The folders inotify watches: each folder given, and each file's folder.
    private func folders() -> [String] {
        var seen: [String] = []
        for path in paths {
            let folder = Self.isFolder(path) ? path : Self.parent(of: path)
            if !seen.contains(folder) { seen.append(folder) }
        }
        for path in keys.keys where Self.isFolder(path) == false {
            let folder = Self.parent(of: path)
            if !seen.contains(folder), seen.count < 256 { seen.append(folder) }
        }
        return seen
    }

    /// The key of every watched file now: each file given, the files beside it, and every file
    /// under each folder given.
    private func snapshot() -> [String: FileKey?] {
        var keys: [String: FileKey?] = [:]
        for path in paths {
            if Self.isFolder(path) {
                Self.walk(path, depth: 8, into: &keys)
            } else {
                keys[path] = FileKey.of(path)
                Self.walk(Self.parent(of: path), depth: 0, into: &keys)
            }
        }
        return keys
    }

    static func walk(_ folder: String, depth: Int, into keys: inout [String: FileKey?]) {
        guard let dir = opendir(folder) else { return }
        defer { closedir(dir) }
        while keys.count < maxFiles, let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            // Hidden files: editors' swap and backup files (.policy.lua.swp) are not the policy.
            if name.hasPrefix(".") || name.hasSuffix("~") { continue }
            let path = folder == "/" ? "/" + name : folder + "/" + name
            if isFolder(path) {
                if depth > 0 { walk(path, depth: depth - 1, into: &keys) }
            } else {
                keys[path] = FileKey.of(path)
            }
        }
    }

    static func isFolder(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
