import CNettle

/// SHA-256 through nettle: the digests of a bundle's members and of a public key (its id).
public enum SHA256Digest {
    public static func of(_ bytes: [UInt8]) -> [UInt8] {
        var context = sha256_ctx()
        nettle_sha256_init(&context)
        bytes.withUnsafeBufferPointer { buffer in
            nettle_sha256_update(&context, buffer.count, buffer.baseAddress)
        }
        var digest = [UInt8](repeating: 0, count: 32)
        nettle_sha256_digest(&context, digest.count, &digest)
        return digest
    }

    /// Lowercase hex, as the manifest writes digests.
    public static func hex(_ bytes: [UInt8]) -> String { Hex.encode(of(bytes)) }
}

/// Lowercase hexadecimal, both ways.
public enum Hex {
    public static func encode(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Nil unless `text` is an even number of hex digits (either case).
    public static func decode(_ text: String) -> [UInt8]? {
        let chars = Array(text.utf8)
        guard chars.count % 2 == 0 else { return nil }
        func value(_ c: UInt8) -> UInt8? {
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): c - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): c - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): c - UInt8(ascii: "A") + 10
            default: nil
            }
        }
        var out: [UInt8] = []
        out.reserveCapacity(chars.count / 2)
        var index = 0
        while index < chars.count {
            guard let high = value(chars[index]), let low = value(chars[index + 1]) else { return nil }
            out.append(high << 4 | low)
            index += 2
        }
        return out
    }
}
