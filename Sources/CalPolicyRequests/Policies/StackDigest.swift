import CalendarData

/// A stack's version: a short id over its policies' texts (a built-in reference's text stands
/// for its source). The server's `X-Policy-Version` and both faces' decision-log lines carry it,
/// and `replay` compares it with the policies it is given, so it is made here, once.
public enum StackDigest {
    public static func version(of sources: [[UInt8]]) -> String {
        String(SHA256.hex(Array(sources.map(SHA256.hex).joined(separator: "\n").utf8)).prefix(16))
    }

    /// The sources of a stack's arguments in order: each file's bytes (`files`, in the order the
    /// file arguments come), a built-in reference's own text.
    public static func sources(arguments: [String], files: [[UInt8]]) -> [[UInt8]] {
        var next = files.makeIterator()
        return arguments.map { BuiltInReference.isReference($0) ? Array($0.utf8) : next.next() ?? [] }
    }
}
