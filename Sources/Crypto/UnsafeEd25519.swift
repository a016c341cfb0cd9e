import CNettle

/// Ed25519 (RFC 8032, SHA-512) through nettle: a key is its 32-byte seed, a public key 32 bytes,
/// a signature 64. Checked against RFC 8032's test vectors (Ed25519Tests).
public enum Ed25519 {
    public static let keyBytes = 32
    public static let signatureBytes = 64

    /// The public key of `seed` (32 bytes).
    public static func publicKey(seed: [UInt8]) -> [UInt8] {
        precondition(seed.count == keyBytes)
        var key = [UInt8](repeating: 0, count: keyBytes)
        nettle_ed25519_sha512_public_key(&key, seed)
        return key
    }

    /// The signature of `message` by `seed`.
    public static func sign(_ message: [UInt8], seed: [UInt8]) -> [UInt8] {
        precondition(seed.count == keyBytes)
        let key = publicKey(seed: seed)
        var signature = [UInt8](repeating: 0, count: signatureBytes)
        message.withUnsafeBufferPointer { bytes in
            nettle_ed25519_sha512_sign(key, seed, bytes.count, bytes.baseAddress, &signature)
        }
        return signature
    }

    /// Whether `signature` is `publicKey`'s over `message` (false for wrong sizes, a key off the
    /// curve, or a non-canonical signature: nettle refuses those).
    public static func verify(_ signature: [UInt8], of message: [UInt8], publicKey: [UInt8]) -> Bool {
        guard signature.count == signatureBytes, publicKey.count == keyBytes else { return false }
        return message.withUnsafeBufferPointer { bytes in
            nettle_ed25519_sha512_verify(publicKey, bytes.count, bytes.baseAddress, signature) == 1
        }
    }
}
