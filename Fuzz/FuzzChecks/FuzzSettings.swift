#if canImport(Glibc)
import Glibc
#endif

/// Switches a fuzz run reads from its environment, once.
public enum FuzzSettings {
    /// `CALPOLICY_FUZZ_TOLERATE=usage-newlines`: keep fuzzing past the known multi-line usage message.
    public static let tolerateUsageNewlines: Bool = {
        guard let value = getenv("CALPOLICY_FUZZ_TOLERATE") else { return false }
        return String(cString: value).split(separator: ",").contains("usage-newlines")
    }()
}
