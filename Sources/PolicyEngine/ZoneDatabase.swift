import CalendarCore
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
        if name == "UTC" { return .utc }
        guard isPlausibleName(name) else { return nil }
        if let known = loaded.withLock({ $0[name] }) { return known }
        var sawDirectory = false
        var zone: ZoneWallTime?
        for directory in directories {
            var info = stat()
            guard stat(directory, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else { continue }
            sawDirectory = true
            if let bytes = UnsafeFileBytes.readAll(path: directory + "/" + name) {
                zone = ZoneRules(tzif: bytes).map { ZoneWallTime(identifier: name, rules: $0) }
                break
            }
        }
        if !sawDirectory, let icu = ZoneWallTime(icuIdentifier: name), icu.icuIdentifier == name { zone = icu }
        if let zone { loaded.withLock { $0[name] = zone } }
        return zone
    }

    static func isPlausibleName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.count <= 255 && !name.hasPrefix("/") && !name.split(separator: "/").contains("..")
            && !name.split(separator: "/", omittingEmptySubsequences: false).contains("")
            && name.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)
                || "/_-+".unicodeScalars.contains($0)) }
    }
}
