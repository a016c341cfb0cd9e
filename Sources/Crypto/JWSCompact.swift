import Foundation

/// A JWS in compact serialisation signed with RS256 (RFC 7515 7.1, RFC 7518 3.3): the
/// base64url of the header and of the payload, joined by a dot, and the signature over those
/// exact bytes. The caller writes the two JSON documents; this module knows no JSON.
public enum JWSCompact {
    public static func rs256(header: [UInt8], payload: [UInt8], key: RSAPrivateKey) -> String? {
        let signingInput = base64URL(header) + "." + base64URL(payload)
        guard let signature = key.signRS256(Array(signingInput.utf8)) else { return nil }
        return signingInput + "." + base64URL(signature)
    }

    /// Base64 with the URL alphabet and no padding (RFC 7515 section 2).
    public static func base64URL(_ bytes: [UInt8]) -> String {
        var text = Data(bytes).base64EncodedString()
        text = text.replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
        while text.hasSuffix("=") { text.removeLast() }
        return text
    }
}
