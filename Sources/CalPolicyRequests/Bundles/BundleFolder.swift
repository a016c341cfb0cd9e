import CalendarData
import Foundation
import Glibc
import PolicyBundle
import PolicyEngine

/// The files of a policy folder a bundle packs, by their names in the bundle (relative to the
/// folder): policies and their tests (`*.lua`, tests by `PolicyTestDiscovery`'s `_test.lua`;
/// declarative policies `*.yaml`/`*.yml` — a `.json` policy is not packed: JSON names the override
/// and snapshot files a bundle carries, and a folder's other JSON would otherwise become a policy),
/// ICS files (`*.ics`) anywhere below it; override files (`overrides/*.json`) and test
/// snapshots (`snapshots/*.json`, which tests compare against) in those two folders. Hidden
/// entries are skipped; a symbolic link, a FIFO or a device where a file is wanted is refused
/// (a bundle holds what it names, not what a link points at today).
public enum BundleFolder {
    public struct File: Hashable, Sendable {
        public var name: String
        public var bytes: [UInt8]
    }

    public static let jsonFolders = ["overrides", "snapshots"]
    /// The endings of a policy file a bundle packs and stacks: Lua, and declarative YAML.
    public static let policyEndings = [".lua", ".yaml", ".yml"]

    /// Whether a packed name is a policy (or a Lua test, which `policies` leaves out).
    public static func isPolicyFile(_ name: String) -> Bool { policyEndings.contains { name.hasSuffix($0) } }

    /// Every file packed, sorted by name (bytewise).
    public static func files(_ folder: String, limits: BundleLimits = .standard) throws(BundleProblem) -> [File] {
        var info = stat()
        guard stat(folder, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else {
            throw BundleProblem(.input, folder, "is not a folder")
        }
        var names: [String] = []
        try walk(folder, relative: "", into: &names, depth: 0)
        names.sort { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
        // Room for manifest.json and manifest.sig.
        guard names.count <= limits.entries - 2 else {
            throw BundleProblem(.input, folder, "holds \(names.count) files to pack; a bundle holds at most \(limits.entries - 2)")
        }
        var files: [File] = [], total = 0
        for name in names {
            if let problem = BundleMemberName.problem(name, limit: limits.nameBytes) {
                throw BundleProblem(.input, folder + "/" + name, "cannot be packed: its name \(problem)")
            }
            let path = folder + "/" + name
            let bytes: [UInt8]
            do { bytes = try RegularFile.read(path, limit: limits.memberBytes, followLinks: false) } catch {
                throw BundleProblem(.input, path, error.description)
            }
            total += bytes.count
            guard total <= limits.totalBytes else {
                throw BundleProblem(.input, folder, "holds more than \(limits.totalBytes) bytes to pack")
            }
            files.append(File(name: name, bytes: bytes))
        }
        return files
    }

    /// Whether a name (relative to the folder) is packed.
    public static func packs(_ name: String) -> Bool {
        let parts = name.split(separator: "/")
        if parts.count == 2, jsonFolders.contains(String(parts[0])), name.hasSuffix(".json") { return true }
        return isPolicyFile(name) || name.hasSuffix(".ics")
    }

    /// The policies of the default stack: every policy file that is not a test, in name order.
    public static func policies(_ names: [String]) -> [String] {
        names.filter { isPolicyFile($0) && !$0.hasSuffix(PolicyTestDiscovery.testSuffix) }
    }

    static func walk(_ folder: String, relative: String, into names: inout [String], depth: Int) throws(BundleProblem) {
        guard depth < 16 else { throw BundleProblem(.input, folder, "is nested more than 16 folders deep") }
        let path = relative.isEmpty ? folder : folder + "/" + relative
        let entries: [String]
        do { entries = try FileManager.default.contentsOfDirectory(atPath: path).filter { !$0.hasPrefix(".") } } catch {
            throw BundleProblem(.input, path, "cannot be listed")
        }
        for name in entries.sorted() {
            let child = relative.isEmpty ? name : relative + "/" + name
            var info = stat()
            guard lstat(folder + "/" + child, &info) == 0 else { continue }
            switch info.st_mode & S_IFMT {
            case S_IFDIR: try walk(folder, relative: child, into: &names, depth: depth + 1)
            case S_IFREG: if packs(child) { names.append(child) }
            default:
                // Anything else with a packed name is refused; with another name, ignored like any unpacked file.
                if packs(child) {
                    throw BundleProblem(.input, folder + "/" + child, "is not a regular file (a link, a FIFO or a device); "
                                        + "a bundle packs regular files only")
                }
            }
        }
    }
}
