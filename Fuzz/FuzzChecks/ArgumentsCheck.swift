import CalPolicyCLI

/// What must hold for any argument vector: the scanner answers without trapping, and a problem it
/// reports is one line starting `calpolicy: ` — no line feed or carriage return, and none of the
/// characters log tools also break lines on (NEL, LS, PS) or terminals may act on (C1 controls).
/// The input's bytes are split into arguments at NUL bytes (argv cannot hold NUL).
public enum ArgumentsCheck {
    public static func arguments(_ bytes: UnsafeRawBufferPointer) -> [String] {
        bytes.split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The broken invariant, or nil. `tolerateUnicodeBreaks` lets a fuzz run look past the known,
    /// reported NEL/LS/PS/C1 problem (see scripts/fuzz.sh) instead of stopping at its first input;
    /// line feeds and carriage returns are always checked.
    public static func problem(_ bytes: UnsafeRawBufferPointer, tolerateUnicodeBreaks: Bool = false) -> String? {
        guard let line = CLI.scanProblem(arguments(bytes)) else { return nil }
        if !line.hasPrefix("calpolicy: ") { return "usage line without the 'calpolicy: ' prefix: \(line)" }
        let scalars = line.unicodeScalars.map(\.value)
        if scalars.contains(where: { $0 == 0x0A || $0 == 0x0D }) { return "usage line spans lines: \(line)" }
        if !tolerateUnicodeBreaks,
           scalars.contains(where: { (0x80...0x9F).contains($0) || $0 == 0x2028 || $0 == 0x2029 }) {
            return "usage line holds NEL, LS, PS or a C1 control: \(line)"
        }
        return nil
    }
}
