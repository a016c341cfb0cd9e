/// Why a file is not an RSA private key we can sign with; each case is one line to the user
/// (none of them quotes the key).
public enum RSAKeyProblem: Error, Sendable, Equatable {
    /// No `-----BEGIN ...-----` … `-----END ...-----` block of base64.
    case notPEM
    /// A PEM block of another kind (a certificate, a public key, an encrypted key).
    case unsupportedLabel(String)
    /// PKCS#8 whose algorithm is not rsaEncryption (an EC or Ed25519 key).
    case notRSA
    /// The DER does not parse as a PKCS#1 RSAPrivateKey, or its numbers are inconsistent.
    case malformed
    /// Below 2048 bits (GitHub's app keys are 2048).
    case tooSmall(bits: Int)

    public var message: String {
        switch self {
        case .notPEM: "is not a PEM file (no BEGIN/END block)"
        case .unsupportedLabel(let label): "holds a \(label), not an RSA private key (BEGIN RSA PRIVATE KEY or BEGIN PRIVATE KEY)"
        case .notRSA: "holds a PKCS#8 key that is not RSA"
        case .malformed: "is not a well-formed RSA private key"
        case .tooSmall(let bits): "holds a \(bits)-bit RSA key; at least 2048 bits are needed"
        }
    }
}
