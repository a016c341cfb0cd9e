import CalendarData
import Crypto
import PolicyBundle

/// Signing keys as files (RFC 8410 DER, `Ed25519KeyFile`): made from the system's randomness,
/// read strictly, used to sign and verify a bundle's manifest.
public enum BundleKeys {
    /// A key file is 44 or 48 bytes; anything much larger is not one, refused unread.
    static let fileLimit = 4 << 10

    /// A new key pair: (private key DER, public key DER).
    public static func generate() throws(BundleProblem) -> (privateKey: [UInt8], publicKey: [UInt8]) {
        guard let seed = SystemRandom.bytes(Ed25519.keyBytes) else {
            throw BundleProblem(.input, "keygen", "the system gives no random bytes (getrandom failed)")
        }
        return (Ed25519KeyFile.privateDER(seed: seed), Ed25519KeyFile.publicDER(publicKey: Ed25519.publicKey(seed: seed)))
    }

    /// The seed of the private key file at `path`.
    public static func privateSeed(_ path: String) throws(BundleProblem) -> [UInt8] {
        switch Ed25519KeyFile.seed(fromPrivateDER: try read(path)) {
        case .success(let seed): return seed
        case .failure(let problem): throw BundleProblem(.input, path, problem.message)
        }
    }

    /// The public key in the public key file at `path`.
    public static func publicKey(_ path: String) throws(BundleProblem) -> [UInt8] {
        switch Ed25519KeyFile.publicKey(fromPublicDER: try read(path)) {
        case .success(let key): return key
        case .failure(let problem): throw BundleProblem(.input, path, problem.message)
        }
    }

    static func read(_ path: String) throws(BundleProblem) -> [UInt8] {
        do { return try RegularFile.read(path, limit: fileLimit) } catch {
            if case .tooLarge = error { throw BundleProblem(.input, path, "is not an Ed25519 key (larger than 4 KiB)") }
            throw BundleProblem(.input, path, error.description)
        }
    }
}
