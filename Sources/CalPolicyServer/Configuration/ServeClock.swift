import Glibc

/// `--time-zone`: which names the server accepts. The server reads the date in that zone
/// itself (Foundation's `TimeZone`, the same tz database).
public enum ServeClock {
    /// An IANA name with a compiled zone file (`UTC` always), never a path out of the database.
    public static func isKnownZone(_ name: String) -> Bool {
        if name == "UTC" { return true }
        guard !name.isEmpty, !name.hasPrefix("/"), !name.split(separator: "/").contains(".."),
              name.allSatisfy({ $0.isLetter || $0.isNumber || "/_-+".contains($0) }) else { return false }
        var directories: [String] = []
        if let tzdir = getenv("TZDIR") { directories.append(String(cString: tzdir)) }
        directories += ["/usr/share/zoneinfo", "/usr/lib/zoneinfo", "/usr/share/lib/zoneinfo"]
        for directory in directories {
            var info = stat()
            if stat(directory + "/" + name, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG { return true }
        }
        return false
    }
}
