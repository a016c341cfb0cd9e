import Foundation
import Testing
@testable import Crypto

/// nettle's Ed25519 held to RFC 8032; SHA-256 and the system's randomness.
@Suite struct Ed25519Tests {
    static func bytes(_ hex: String) -> [UInt8] { Hex.decode(hex)! }

    @Test func rfc8032TestVector1() {
        let secret = Self.bytes("9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60")
        let expectedPublic = Self.bytes("d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a")
        let expectedSignature = Self.bytes("e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b")
        #expect(Ed25519.publicKey(seed: secret) == expectedPublic)
        let signature = Ed25519.sign([], seed: secret)
        #expect(signature == expectedSignature)
        #expect(Ed25519.verify(signature, of: [], publicKey: expectedPublic))
        var flipped = signature
        flipped[0] ^= 1
        #expect(!Ed25519.verify(flipped, of: [], publicKey: expectedPublic))
        #expect(!Ed25519.verify(signature, of: [0], publicKey: expectedPublic))
        #expect(!Ed25519.verify(Array(signature.prefix(63)), of: [], publicKey: expectedPublic))
    }

    @Test func sha256AndSystemRandom() {
        #expect(SHA256Digest.hex([]) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256Digest.hex(Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        let a = SystemRandom.bytes(32), b = SystemRandom.bytes(32)
        #expect(a?.count == 32 && a != b)
    }
}
