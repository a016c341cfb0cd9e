import CalendarCore
import Foundation
import Glibc

/// The system's tz database: a zone's compiled file (TZif) read from `$TZDIR`, else
/// `/usr/share/zoneinfo` (where Debian's `tzdata` puts it, and where Python's `zoneinfo`,
/// `date` and cron read it), parsed into `ZoneRules` once per process and name.
///
/// On a system with no database directory at all (a bare container), zones come from
/// Foundation's `TimeZone`, ICU's own copy, so a name still resolves; where the directory
/// exists, its answer is final.
public enum ZoneDatabase {
    private static let loaded = LockedValue<[String: ZoneWallTime]>([:])

    /// The directories looked in, in order.
    static var directories: [String] {
        var found: [String] = []
        if let tzdir = getenv("TZDIR").map({ String(cString: $0) }), !tzdir.isEmpty { found.append(tzdir) }
        return found + ["/usr/share/zoneinfo", "/usr/lib/zoneinfo", "/usr/share/lib/zoneinfo"]
    }

    /// The zone of an IANA name, nil when the database has none. A name is never a path out
    /// of the database: no leading `/`, no `..`, only letters, digits and `/_-+`.
    public static func zone(named name: String) -> ZoneWallTime? {
        (try? lookup(name).get()) ?? nil
    }

    /// The largest zone file read (the largest TZif file of tzdata is under 4 KiB).
    static let fileLimit = 1 << 20

    /// `zone(named:)`, or why the file the database holds for the name cannot be read: a FIFO,
    /// a device or an oversized file where a zone file should be (`TZDIR` pointing somewhere
    /// odd) is refused at once through the one file opener, never opened for reading.
    public static func lookup(_ name: String) -> Result<ZoneWallTime?, FileProblemAtPath> {
        if name == "UTC" { return .success(.utc) }
        guard isPlausibleName(name) else { return .success(nil) }
        if let known = loaded.withLock({ $0[name] }) { return .success(known) }
        var sawDirectory = false
        var zone: ZoneWallTime?
        for directory in directories {
            var info = stat()
            guard stat(directory, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else { continue }
            sawDirectory = true
            let path = directory + "/" + name
            do {
                let bytes = try RegularFile.read(path, limit: fileLimit)
                zone = ZoneRules(tzif: bytes).map { ZoneWallTime(identifier: name, rules: $0) }
                break
            } catch {
                switch error {
                case .missing, .directory: continue
                case .cannotOpen(let code) where code == ENOTDIR || code == ENAMETOOLONG: continue
                default: return .failure(FileProblemAtPath(path: path, problem: error))
                }
            }
        }
        // Foundation's first zone costs a process about 500,000 instructions: only without a directory.
        if !sawDirectory, let icu = TimeZone(identifier: name), icu.identifier == name {
            zone = ZoneWallTime(identifier: name, foundation: icu)
        }
        if let zone { loaded.withLock { $0[name] = zone } }
        return .success(zone)
    }

    static func isPlausibleName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.count <= 255 && !name.hasPrefix("/") && !name.split(separator: "/").contains("..")
            && !name.split(separator: "/", omittingEmptySubsequences: false).contains("")
            && name.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)
                || "/_-+".unicodeScalars.contains($0)) }
    }
}

/// A file that could not be read, and why: "zone file '/tz/Europe/Berlin' is a FIFO, not a regular file".
public struct FileProblemAtPath: Error, Hashable, Sendable {
    public var path: String
    public var problem: FileReadProblem
}
