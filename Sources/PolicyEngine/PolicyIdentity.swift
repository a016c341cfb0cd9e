/// A policy is identified by its path as given on the command line: documents (JSON, CSV)
/// carry the path tidied, text shows the file name unless two files of a stack share it.
public enum PolicyIdentity {
    /// The path without empty or `.` components (`./a//b.lua` → `a/b.lua`); never made
    /// absolute, `..` kept (it is not resolved without the file system). `-` stays `-`.
    public static func tidy(_ path: String) -> String {
        guard path != "-", !path.isEmpty else { return path }
        let absolute = path.hasPrefix("/")
        let joined = slashed(components(path).filter { $0 != "." })
        if absolute { return "/" + joined }
        return joined.isEmpty ? "." : joined
    }

    /// The non-empty components between slashes, by a scan of UTF-8 bytes (a `/` byte is
    /// always the whole scalar): the first generic `split` of a process instantiates its
    /// metadata (~60,000 instructions of a cold start), and appending scalar by scalar cost
    /// ~300 instructions a character.
    static func components(_ path: String) -> [String] {
        var parts: [String] = []
        var path = path
        path.withUTF8 { bytes in
            var start = 0
            for index in 0...bytes.count where index == bytes.count || bytes[index] == 0x2F {
                if index > start {
                    parts.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self))
                }
                start = index + 1
            }
        }
        return parts
    }

    /// The names text output uses, one per path in order: the file name, or for files whose
    /// names collide, as many trailing components as tell them apart (`a/rules.lua`,
    /// `b/rules.lua`). The same path given twice is one name.
    public static func displayNames(for paths: [String]) -> [String] {
        let components = paths.map { self.components(tidy($0)) }
        var names = [String](repeating: "", count: paths.count)
        for index in paths.indices {
            let own = components[index]
            guard !own.isEmpty else { names[index] = paths[index]; continue }
            var count = 1
            while count < own.count {
                let suffix = Array(own.suffix(count))
                let clash = components.indices.contains { other in
                    other != index && components[other] != own && Array(components[other].suffix(count)) == suffix
                }
                if !clash { break }
                count += 1
            }
            names[index] = (tidy(paths[index]).hasPrefix("/") && count == own.count ? "/" : "")
                + slashed(Array(own.suffix(count)))
        }
        return names
    }

    /// Components joined with `/`, appended by hand: this runs on every start, and the first
    /// `joined(separator:)` of a process makes the runtime scan every protocol conformance in
    /// the binary (~0.3 M instructions).
    /// (Concrete `String`s: a generic `StringProtocol` append looks its witnesses up at run time too.)
    private static func slashed(_ parts: [String]) -> String {
        var text = ""
        for part in parts {
            if !text.isEmpty { text += "/" }
            text += part
        }
        return text
    }
}
