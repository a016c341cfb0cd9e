import Foundation
import Testing
@testable import PolicyBundle

/// nettle's Ed25519 held to RFC 8032, and the key files to RFC 8410's examples.
@Suite struct Ed25519Tests {
    static func bytes(_ hex: String) -> [UInt8] { Hex.decode(hex)! }

    /// RFC 8032 section 7.1, TEST 1: the empty message.
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

    /// RFC 8410 section 10.3's private key (MC4CAQAwBQYDK2VwBCIEINTuctv5...) and section 10.1's
    /// public key, whose seed and key they are.
    @Test func rfc8410ExampleKeysParse() throws {
        let privateDER = Array(Data(base64Encoded: "MC4CAQAwBQYDK2VwBCIEINTuctv5E1hK1bbY8fdp+K06/nwoy/HU++CXqI9EdVhC")!)
        let publicDER = Array(Data(base64Encoded: "MCowBQYDK2VwAyEAGb9ECWmEzf6FQbrBZ9w7lshQhqowtrbLDFw4rXAxZuE=")!)
        let seed = try Ed25519KeyFile.seed(fromPrivateDER: privateDER).get()
        #expect(seed == Self.bytes("d4ee72dbf913584ad5b6d8f1f769f8ad3afe7c28cbf1d4fbe097a88f44755842"))
        let key = try Ed25519KeyFile.publicKey(fromPublicDER: publicDER).get()
        #expect(key == Self.bytes("19bf44096984cdfe8541bac167dc3b96c85086aa30b6b6cb0c5c38ad703166e1"))
        #expect(Ed25519.publicKey(seed: seed) == key)
        // Written back, byte for byte the RFC's encodings.
        #expect(Ed25519KeyFile.privateDER(seed: seed) == privateDER)
        #expect(Ed25519KeyFile.publicDER(publicKey: key) == publicDER)
        #expect(Ed25519KeyFile.keyID(publicKey: key) == String(SHA256Digest.hex(publicDER).prefix(16)))
    }

    @Test func otherFormsAreRefusedWithOneLine() {
        let seed = [UInt8](repeating: 7, count: 32)
        let privateDER = Ed25519KeyFile.privateDER(seed: seed)
        let publicDER = Ed25519KeyFile.publicDER(publicKey: Ed25519.publicKey(seed: seed))
        func privateProblem(_ bytes: [UInt8]) -> String? {
            if case .failure(let problem) = Ed25519KeyFile.seed(fromPrivateDER: bytes) { return problem.message }
            return nil
        }
        #expect(privateProblem(publicDER) == "is a public key; expected an Ed25519 private key")
        #expect(privateProblem(Array("-----BEGIN PRIVATE KEY-----\n".utf8))?.hasPrefix("is PEM") == true)
        #expect(privateProblem(privateDER + [0])?.hasPrefix("is not an Ed25519 private key") == true)
        #expect(privateProblem(Array(privateDER.dropLast())) != nil)
        var version1 = privateDER
        version1[4] = 1
        #expect(privateProblem(version1) != nil)
        var x448 = privateDER
        x448[11] = 0x71
        #expect(privateProblem(x448) != nil)
        if case .success = Ed25519KeyFile.publicKey(fromPublicDER: privateDER) { Issue.record("a private key read as public") }
    }

    @Test func sha256AndSystemRandom() {
        #expect(SHA256Digest.hex([]) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256Digest.hex(Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        let a = SystemRandom.bytes(32), b = SystemRandom.bytes(32)
        #expect(a?.count == 32 && a != b)
    }
}
