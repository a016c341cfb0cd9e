import CGetRandom
import CNettle
import Glibc

/// An RSA private key read from PEM (PKCS#1 `RSA PRIVATE KEY` or PKCS#8 `PRIVATE KEY`) and its
/// PKCS#1 v1.5 SHA-256 signatures (JWS `RS256`, RFC 7518 3.3), through nettle. The signature uses
/// nettle's side-channel-resistant `_tr` form, blinded with the system's randomness.
public final class RSAPrivateKey: @unchecked Sendable {
    // nettle's key structs hold GMP integers: initialised once, cleared in deinit, never copied.
    private var publicKey = rsa_public_key()
    private var privateKey = rsa_private_key()
    /// The modulus in bits.
    public private(set) var bits = 0

    public init(pem text: String) throws(RSAKeyProblem) {
        // First: deinit clears them whichever way this init ends.
        nettle_rsa_public_key_init(&publicKey)
        nettle_rsa_private_key_init(&privateKey)
        guard let block = PEMBlock.first(in: text) else { throw .notPEM }
        let pkcs1: [UInt8]
        switch block.label {
        case "RSA PRIVATE KEY": pkcs1 = block.der
        case "PRIVATE KEY": pkcs1 = try Self.unwrapPKCS8(block.der)
        default: throw .unsupportedLabel(block.label)
        }
        let parsed = pkcs1.withUnsafeBufferPointer { der in
            nettle_rsa_keypair_from_der(&publicKey, &privateKey, 0, der.count, der.baseAddress)
        }
        guard parsed == 1, nettle_rsa_public_key_prepare(&publicKey) == 1,
              nettle_rsa_private_key_prepare(&privateKey) == 1 else {
            throw .malformed
        }
        bits = Int(publicKey.size) * 8
        guard bits >= 2048 else { throw .tooSmall(bits: bits) }
    }

    deinit {
        nettle_rsa_public_key_clear(&publicKey)
        nettle_rsa_private_key_clear(&privateKey)
    }

    /// The RS256 signature of `message`: the modulus's length in bytes, big-endian. Nil only if
    /// nettle refuses (a key whose numbers do not agree).
    public func signRS256(_ message: [UInt8]) -> [UInt8]? {
        let digest = SHA256Digest.of(message)
        var signature = __mpz_struct()
        __gmpz_init(&signature)
        defer { __gmpz_clear(&signature) }
        let random: @convention(c) (UnsafeMutableRawPointer?, Int, UnsafeMutablePointer<UInt8>?) -> Void = { _, length, out in
            guard let out, length > 0 else { return }
            var filled = 0
            while filled < length {
                let got = getrandom(out + filled, length - filled, 0)
                if got > 0 { filled += got } else if errno != EINTR { break }
            }
        }
        let signed = digest.withUnsafeBufferPointer { d in
            nettle_rsa_sha256_sign_digest_tr(&publicKey, &privateKey, nil, random, d.baseAddress, &signature)
        }
        guard signed == 1 else { return nil }
        var out = [UInt8](repeating: 0, count: Int(publicKey.size))
        nettle_mpz_get_str_256(out.count, &out, &signature)
        return out
    }

    /// The RSAPrivateKey inside a PKCS#8 PrivateKeyInfo (RFC 5208): SEQUENCE { INTEGER version,
    /// SEQUENCE { OID rsaEncryption, ... }, OCTET STRING key }, walked with nettle's DER iterator.
    static func unwrapPKCS8(_ der: [UInt8]) throws(RSAKeyProblem) -> [UInt8] {
        // 1.2.840.113549.1.1.1, as its DER contents.
        let rsaEncryption: [UInt8] = [0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x01, 0x01]
        let result: [UInt8]? = der.withUnsafeBufferPointer { buffer -> [UInt8]? in
            var outer = asn1_der_iterator()
            guard nettle_asn1_der_iterator_first(&outer, buffer.count, buffer.baseAddress) == ASN1_ITERATOR_CONSTRUCTED,
                  outer.type == ASN1_SEQUENCE else { return nil }
            guard nettle_asn1_der_decode_constructed_last(&outer) == ASN1_ITERATOR_PRIMITIVE,
                  outer.type == ASN1_INTEGER else { return nil }
            // `decode_constructed_last` entered the sequence in place: it now walks its fields.
            var fields = outer
            guard nettle_asn1_der_iterator_next(&fields) == ASN1_ITERATOR_CONSTRUCTED, fields.type == ASN1_SEQUENCE else {
                return nil
            }
            var algorithm = asn1_der_iterator()
            guard nettle_asn1_der_decode_constructed(&fields, &algorithm) == ASN1_ITERATOR_PRIMITIVE,
                  algorithm.type == ASN1_IDENTIFIER,
                  Array(UnsafeBufferPointer(start: algorithm.data, count: algorithm.length)) == rsaEncryption else {
                return []
            }
            guard nettle_asn1_der_iterator_next(&fields) == ASN1_ITERATOR_PRIMITIVE, fields.type == ASN1_OCTETSTRING,
                  let data = fields.data else { return nil }
            return Array(UnsafeBufferPointer(start: data, count: fields.length))
        }
        guard let result else { throw .malformed }
        guard !result.isEmpty else { throw .notRSA }
        return result
    }
}
