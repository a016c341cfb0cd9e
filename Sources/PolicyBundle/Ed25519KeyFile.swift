import Crypto

/// Ed25519 keys as files, in RFC 8410's DER forms, so `openssl genpkey -algorithm ed25519
/// -outform DER` and GnuTLS's `certtool` keys work and ours work with them: the private key a
/// PKCS#8 `OneAsymmetricKey` (version 0, algorithm 1.3.101.112, the seed in an OCTET STRING),
/// the public key a `SubjectPublicKeyInfo`. Each form of an Ed25519 key is one fixed prefix and
/// 32 bytes; anything else (PEM, a version-1 key carrying its public key or attributes, another
/// algorithm, trailing bytes) is refused rather than half-understood.
public enum Ed25519KeyFile {
    /// SEQUENCE { INTEGER 0, SEQUENCE { OID 1.3.101.112 }, OCTET STRING { OCTET STRING (32) } }.
    static let privatePrefix: [UInt8] = [0x30, 0x2e, 0x02, 0x01, 0x00, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70,
                                         0x04, 0x22, 0x04, 0x20]
    /// SEQUENCE { SEQUENCE { OID 1.3.101.112 }, BIT STRING (0 unused bits, 32 bytes) }.
    static let publicPrefix: [UInt8] = [0x30, 0x2a, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x03, 0x21, 0x00]

    public static func privateDER(seed: [UInt8]) -> [UInt8] { privatePrefix + seed }

    public static func publicDER(publicKey: [UInt8]) -> [UInt8] { publicPrefix + publicKey }

    /// The seed a private key file holds, or why it is not one.
    public static func seed(fromPrivateDER bytes: [UInt8]) -> Result<[UInt8], KeyFormProblem> {
        strip(bytes, prefix: privatePrefix, otherPrefix: publicPrefix, expected: "an Ed25519 private key")
    }

    /// The public key a public key file holds, or why it is not one.
    public static func publicKey(fromPublicDER bytes: [UInt8]) -> Result<[UInt8], KeyFormProblem> {
        strip(bytes, prefix: publicPrefix, otherPrefix: privatePrefix, expected: "an Ed25519 public key")
    }

    /// A key's id: the first 16 hex digits of the SHA-256 of its public key's DER, what
    /// `manifest.sig` names and `bundle inspect` shows.
    public static func keyID(publicKey: [UInt8]) -> String {
        String(SHA256Digest.hex(publicDER(publicKey: publicKey)).prefix(16))
    }

    /// Why bytes are not the key form wanted: one line's tail.
    public struct KeyFormProblem: Error, Hashable, Sendable {
        public var message: String
    }

    static func strip(_ bytes: [UInt8], prefix: [UInt8], otherPrefix: [UInt8], expected: String)
        -> Result<[UInt8], KeyFormProblem> {
        let tail = "(RFC 8410 DER, as openssl genpkey -algorithm ed25519 -outform DER writes)"
        if bytes.starts(with: Array("-----BEGIN".utf8)) {
            return .failure(KeyFormProblem(message: "is PEM; expected \(expected) in DER \(tail)"))
        }
        if bytes.count == otherPrefix.count + 32, bytes.starts(with: otherPrefix) {
            let other = otherPrefix == privatePrefix ? "a private key" : "a public key"
            return .failure(KeyFormProblem(message: "is \(other); expected \(expected)"))
        }
        guard bytes.count == prefix.count + 32, bytes.starts(with: prefix) else {
            return .failure(KeyFormProblem(message: "is not \(expected) \(tail)"))
        }
        return .success(Array(bytes[prefix.count...]))
    }
}
