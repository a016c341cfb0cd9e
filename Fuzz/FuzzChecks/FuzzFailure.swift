#if canImport(Glibc)
import Glibc
#endif

/// Stops the fuzzer on a broken invariant: libFuzzer keeps the input that got here as a crash.
/// Only fuzz harnesses call this; nothing in the product does.
func fuzzFailure(_ message: String) -> Never {
    let line = Array("fuzz invariant broken: \(message)\n".utf8)
    _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    abort()
}
