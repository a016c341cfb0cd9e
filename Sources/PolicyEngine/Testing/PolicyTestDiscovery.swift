import CalendarCore
import Foundation
import Glibc

/// Finding test files and snapshots.
///
/// Convention: a test file's name ends in `_test.lua` (`payday_test.lua` tests
/// `payday.lua`); snapshots are `snapshots/*.json` beside the tests, and name their
/// policies relative to the directory that holds `snapshots/`.
public enum PolicyTestDiscovery {
    public static let testSuffix = "_test.lua"
    public static let snapshotDirectory = "snapshots"

    public struct Found: Hashable, Sendable {
        public var testFiles: [String] = []
        public var snapshots: [String] = []
        /// The tested folder of each test file and snapshot: what it may name files in.
        public var folders: [String: TestedFolder] = [:]
    }

    /// The folder being tested: the PATH given to `calpolicy test`, or a test file's own
    /// folder when PATH is a file. Every file a test file or snapshot names must stay inside.
    public struct TestedFolder: Hashable, Sendable {
        /// As the user gave it, for messages.
        public var shown: String
        /// Its real path (symlinks resolved), for the checks.
        public var real: String
    }

    /// Directories are searched recursively (hidden entries skipped), in name order;
    /// a file argument is taken as a test file whatever its name.
    public static func find(_ paths: [String]) throws(PolicyError) -> Found {
        var found = Found()
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw PolicyError(kind: .io, file: path, message: "no such file or directory")
            }
            guard isDirectory.boolValue else {
                let folder = directory(of: path)
                found.testFiles.append(path)
                found.folders[path] = TestedFolder(shown: folder, real: realPath(folder) ?? folder)
                continue
            }
            let folder = TestedFolder(shown: path, real: realPath(path) ?? path)
            guard let entries = FileManager.default.subpaths(atPath: path) else {
                throw PolicyError(kind: .io, file: path, message: "cannot list the directory")
            }
            for entry in entries.sorted() where !entry.split(separator: "/").contains(where: { $0.hasPrefix(".") }) {
                let full = path.hasSuffix("/") ? path + entry : path + "/" + entry
                let components = entry.split(separator: "/")
                if entry.hasSuffix(testSuffix) {
                    try checkInside(full, folder: folder, namedBy: nil, line: nil, what: "test file")
                    found.testFiles.append(full)
                    found.folders[full] = folder
                } else if entry.hasSuffix(".json"), components.count >= 2,
                          components[components.count - 2] == Substring(snapshotDirectory) {
                    // `--update-snapshots` writes here: a link out of the folder must not be followed.
                    try checkInside(full, folder: folder, namedBy: nil, line: nil, what: "snapshot")
                    found.snapshots.append(full)
                    found.folders[full] = folder
                }
            }
        }
        return found
    }

    /// `dir/x.lua` for `x.lua` named in a file inside `dir`: the one way a name written in a
    /// test file or a snapshot becomes a path. The name must stay inside `folder`: no
    /// absolute path, no `..` out of it, no symlink resolving outside. A violation is an
    /// `io` policy error naming `namedBy` (at `line`) and the name, never the file's content.
    static func resolve(_ name: String, besideFileIn directory: String, folder: TestedFolder,
                        namedBy file: String, line: Int?, what: String) throws(PolicyError) -> String {
        if name.hasPrefix("/") {
            throw PolicyError(kind: .io, file: file, line: line,
                              message: "\(what) '\(name)' is an absolute path; name files relative to the test file, "
                                  + "inside the tested folder '\(folder.shown)'")
        }
        let path = directory.isEmpty ? name : directory + "/" + name
        try checkInside(path, folder: folder, namedBy: file, line: line, what: what, shown: name)
        return path
    }

    /// Throws unless `path` is inside `folder`: its real path when it exists (so symlinks
    /// are followed), else its lexically normalised absolute path.
    static func checkInside(_ path: String, folder: TestedFolder, namedBy file: String?, line: Int?,
                            what: String, shown: String? = nil) throws(PolicyError) {
        let resolved = realPath(path) ?? lexicalAbsolute(path)
        let root = folder.real.hasSuffix("/") ? folder.real : folder.real + "/"
        if resolved == folder.real || resolved.hasPrefix(root) { return }
        let message = "\(what) '\(shown ?? path)' is outside the tested folder '\(folder.shown)'"
            + " (files may only be named inside it)"
        throw PolicyError(kind: .io, file: file ?? path, line: line, message: message)
    }

    /// The path with symlinks resolved, nil when it does not exist.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// An absolute path with `.` and `..` folded away, for a file that does not exist
    /// (its longest existing ancestor is resolved for real).
    static func lexicalAbsolute(_ path: String) -> String {
        var base = path.hasPrefix("/") ? "" : (realPath(".") ?? FileManager.default.currentDirectoryPath)
        var parts = path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        // Resolve the longest existing prefix for real, so a symlinked folder counts.
        var existing = 0
        for count in stride(from: parts.count, through: 1, by: -1) {
            let prefix = (path.hasPrefix("/") ? "/" : "") + parts[0..<count].joined(separator: "/")
            if let real = realPath(prefix) {
                base = real
                existing = count
                break
            }
        }
        parts.removeFirst(existing)
        var stack = base.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        for part in parts {
            if part == "." { continue }
            if part == ".." { if !stack.isEmpty { stack.removeLast() } } else { stack.append(part) }
        }
        return "/" + stack.joined(separator: "/")
    }

    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
