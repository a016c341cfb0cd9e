import Foundation

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
                found.testFiles.append(path)
                continue
            }
            guard let entries = FileManager.default.subpaths(atPath: path) else {
                throw PolicyError(kind: .io, file: path, message: "cannot list the directory")
            }
            for entry in entries.sorted() where !entry.split(separator: "/").contains(where: { $0.hasPrefix(".") }) {
                let full = path.hasSuffix("/") ? path + entry : path + "/" + entry
                let components = entry.split(separator: "/")
                if entry.hasSuffix(testSuffix) {
                    found.testFiles.append(full)
                } else if entry.hasSuffix(".json"), components.count >= 2,
                          components[components.count - 2] == Substring(snapshotDirectory) {
                    found.snapshots.append(full)
                }
            }
        }
        return found
    }

    /// `dir/x.lua` for `x.lua` named in a file inside `dir` (absolute names kept).
    static func resolve(_ name: String, besideFileIn directory: String) -> String {
        if name.hasPrefix("/") { return name }
        return directory.isEmpty ? name : directory + "/" + name
    }

    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
