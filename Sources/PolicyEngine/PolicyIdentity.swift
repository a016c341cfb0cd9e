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

    /// The non-empty components between slashes, by a scan of scalars: the first generic
    /// `split` of a process instantiates its metadata (~60,000 instructions of a cold start).
    static func components(_ path: String) -> [String] {
        var parts: [String] = []
        var current = ""
        for scalar in path.unicodeScalars {
            if scalar == "/" {
                if !current.isEmpty { parts.append(current) }
                current = ""
            } else {
                current.unicodeScalars.append(scalar)
            }
        }
        if !current.isEmpty { parts.append(current) }
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
