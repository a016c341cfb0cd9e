/// The names a bundle's members may have: relative, slash-separated, with no empty, `.` or `..`
/// component, no leading `/`, no NUL or control character, at most `limit` bytes. Checked on
/// every name written and read, so a name can never reach outside the folder it is later
/// extracted into.
public enum BundleMemberName {
    public static let manifest = "manifest.json"
    public static let signature = "manifest.sig"

    /// Nil when `name` is acceptable, else why not ("has a '..' component").
    public static func problem(_ name: String, limit: Int = BundleLimits.standard.nameBytes) -> String? {
        let bytes = Array(name.utf8)
        if bytes.isEmpty { return "is empty" }
        if bytes.count > limit { return "is longer than \(limit) bytes" }
        if bytes.first == UInt8(ascii: "/") { return "is an absolute path" }
        if bytes.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == UInt8(ascii: "\\") }) {
            return "holds a control character or a backslash"
        }
        for component in name.split(separator: "/", omittingEmptySubsequences: false) {
            switch component {
            case "": return "has an empty component (a doubled or trailing '/')"
            case ".": return "has a '.' component"
            case "..": return "has a '..' component"
            default: continue
            }
        }
        return nil
    }
}
