import Crypto
import Foundation
import Testing
@testable import PolicyBundle

/// The key files held to RFC 8410's examples.
@Suite struct Ed25519KeyFileTests {
    static func bytes(_ hex: String) -> [UInt8] { Hex.decode(hex)! }

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

}
