import Glibc

/// Switches a fuzz run reads from its environment, once.
public enum FuzzSettings {
    /// `CALPOLICY_FUZZ_TOLERATE=usage-unicode-breaks`: keep fuzzing past the known, reported problem of
    /// usage messages passing NEL, LS, PS and C1 controls through raw.
    public static let tolerateUsageUnicodeBreaks: Bool = {
        guard let value = getenv("CALPOLICY_FUZZ_TOLERATE") else { return false }
        return String(cString: value).split(separator: ",").contains("usage-unicode-breaks")
    }()
}
