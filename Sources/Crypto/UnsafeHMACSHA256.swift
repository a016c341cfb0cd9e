import CNettle

/// HMAC-SHA256 (RFC 2104) through nettle, and the comparison of two MACs in time that does not
/// depend on where they differ: a webhook's `X-Hub-Signature-256` is checked with both.
public enum HMACSHA256 {
    public static let macBytes = 32

    public static func mac(key: [UInt8], message: [UInt8]) -> [UInt8] {
        var context = hmac_sha256_ctx()
        key.withUnsafeBufferPointer { nettle_hmac_sha256_set_key(&context, $0.count, $0.baseAddress) }
        message.withUnsafeBufferPointer { nettle_hmac_sha256_update(&context, $0.count, $0.baseAddress) }
        var digest = [UInt8](repeating: 0, count: macBytes)
        nettle_hmac_sha256_digest(&context, digest.count, &digest)
        return digest
    }

    /// Whether `a` and `b` are equal, reading every byte whatever they hold (nettle's
    /// `memeql_sec`); unequal lengths are unequal at once (a MAC's length is no secret).
    public static func constantTimeEqual(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        if a.isEmpty { return true }
        return a.withUnsafeBufferPointer { x in
            b.withUnsafeBufferPointer { y in nettle_memeql_sec(x.baseAddress, y.baseAddress, x.count) == 1 }
        }
    }

    /// Whether `signature` (the header's `sha256=<64 hex>`) is the HMAC of `body` under `secret`.
    public static func verifyHeader(_ signature: String, body: [UInt8], secret: [UInt8]) -> Bool {
        guard signature.hasPrefix("sha256="), let given = Hex.decode(String(signature.dropFirst(7))) else {
            return false
        }
        return constantTimeEqual(given, mac(key: secret, message: body))
    }
}
