import Testing
@testable import Crypto

/// HMAC-SHA256 held to RFC 4231's test cases, and the header form GitHub sends.
@Suite struct HMACSHA256Tests {
    @Test func rfc4231Cases() {
        // Test case 2: key "Jefe".
        #expect(Hex.encode(HMACSHA256.mac(key: Array("Jefe".utf8), message: Array("what do ya want for nothing?".utf8)))
                == "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
        // Test case 6: a key longer than the block (hashed first).
        #expect(Hex.encode(HMACSHA256.mac(key: [UInt8](repeating: 0xAA, count: 131),
                                          message: Array("Test Using Larger Than Block-Size Key - Hash Key First".utf8)))
                == "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54")
    }

    @Test func headerFormAndConstantTimeCompare() {
        let secret = Array("It's a Secret to Everybody".utf8)
        let body = Array("Hello, World!".utf8)
        // GitHub's documented example of X-Hub-Signature-256.
        let header = "sha256=757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17"
        #expect(HMACSHA256.verifyHeader(header, body: body, secret: secret))
        #expect(!HMACSHA256.verifyHeader(header, body: body + [0x20], secret: secret))
        #expect(!HMACSHA256.verifyHeader(String(header.dropLast()), body: body, secret: secret))
        #expect(!HMACSHA256.verifyHeader("sha1=" + header.dropFirst(7), body: body, secret: secret))
        #expect(!HMACSHA256.verifyHeader("", body: body, secret: secret))
        #expect(HMACSHA256.constantTimeEqual([], []))
        #expect(!HMACSHA256.constantTimeEqual([1, 2], [1, 3]))
    }
}
