import CalPolicyCLI

/// What must hold for any argument vector: the scanner answers without trapping, and a problem it
/// reports is one line starting `calpolicy: `. The input's bytes are split into arguments at NUL
/// bytes (argv cannot hold NUL), the way the kernel hands them over.
public enum ArgumentsCheck {
    public static func arguments(_ bytes: UnsafeRawBufferPointer) -> [String] {
        bytes.split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The broken invariant, or nil. `tolerateNewlines` lets a fuzz run look past a known, reported
    /// multi-line usage message (see scripts/fuzz.sh) instead of stopping at its first input.
    public static func problem(_ bytes: UnsafeRawBufferPointer, tolerateNewlines: Bool = false) -> String? {
        guard let line = CLI.scanProblem(arguments(bytes)) else { return nil }
        if !line.hasPrefix("calpolicy: ") { return "usage line without the 'calpolicy: ' prefix: \(line)" }
        if !tolerateNewlines, line.contains(where: \.isNewline) { return "usage line spans lines: \(line)" }
        return nil
    }
}
