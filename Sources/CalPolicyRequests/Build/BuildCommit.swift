import CalendarData
import Glibc

/// The commit a binary was built from, for both faces (`calpolicy --version`, the server's
/// start line, `/v1/status` and `calpolicy_build_info`). Read once, when first asked: from the
/// file `make install` writes beside the data (`<prefix>/share/calpolicy/commit`), else from the
/// checkout the binary was built in (`.git/HEAD` above it), else `unknown`.
public enum BuildCommit {
    public static let current: String = {
        guard let executable = executablePath() else { return "unknown" }
        var folder = parent(executable)
        if let text = read(parent(folder) + "/share/calpolicy/commit"), let line = firstLine(text) { return line }
        while folder != "/" && !folder.isEmpty {
            if let head = read(folder + "/.git/HEAD"), let line = firstLine(head) {
                return resolve(line, git: folder + "/.git") ?? "unknown"
            }
            // A worktree: `.git` is a file naming its git folder (`gitdir: …`), whose branches
            // live in the main checkout's folder (`commondir`).
            if let pointer = read(folder + "/.git").flatMap(firstLine), pointer.hasPrefix("gitdir: ") {
                var git = String(pointer.dropFirst(8))
                if !git.hasPrefix("/") { git = folder + "/" + git }
                if let head = read(git + "/HEAD").flatMap(firstLine) {
                    let common = read(git + "/commondir").flatMap(firstLine).map { $0.hasPrefix("/") ? $0 : git + "/" + $0 }
                    return resolve(head, git: git) ?? common.flatMap { resolve(head, git: $0) } ?? "unknown"
                }
            }
            folder = parent(folder)
        }
        return "unknown"
    }()

    /// A HEAD line: a commit itself, or `ref: refs/heads/x` looked up loose or in packed-refs.
    private static func resolve(_ head: String, git: String) -> String? {
        guard head.hasPrefix("ref: ") else { return short(head) }
        let ref = String(head.dropFirst(5))
        if let text = read(git + "/" + ref), let line = firstLine(text) { return short(line) }
        for line in (read(git + "/packed-refs") ?? "").split(separator: "\n") where line.hasSuffix(" " + ref) {
            return short(String(line.prefix { $0 != " " }))
        }
        return nil
    }

    private static func short(_ hash: String) -> String? {
        let hex = hash.prefix(12)
        return hex.count == 12 && hex.allSatisfy(\.isHexDigit) ? String(hex) : nil
    }

    private static func firstLine(_ text: String) -> String? {
        let line = text.split(separator: "\n").first.map(String.init)
        return line?.isEmpty == false ? line : nil
    }

    private static func parent(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    private static func executablePath() -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// A small text file (at most 4 MiB: a packed-refs file can pass 64 KiB), or nil.
    private static func read(_ path: String) -> String? {
        guard let text = try? RegularFile.text(path, limit: 4 << 20), !text.isEmpty else { return nil }
        return text
    }
}
