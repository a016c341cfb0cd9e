import Glibc

/// Stops the fuzzer on a broken invariant: libFuzzer keeps the input that got here as a crash.
/// Only the fuzz entry points call this; tests replaying kept inputs read the problem instead.
public func fuzzFailure(_ message: String) -> Never {
    let line = Array("fuzz invariant broken: \(message)\n".utf8)
    _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    abort()
}
