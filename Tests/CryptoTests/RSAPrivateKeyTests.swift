import Foundation
import Testing
@testable import Crypto

/// RS256 held to OpenSSL: PKCS#1 v1.5 is deterministic, so our signature of a message must be
/// byte for byte the one `openssl dgst -sha256 -sign` made with the same key (a key made for this
/// test only, in both PEM forms). github.sh checks the JWTs we make with PyJWT.
@Suite struct RSAPrivateKeyTests {
    static let pkcs1 = """
-----BEGIN RSA PRIVATE KEY-----
MIIEowIBAAKCAQEAsbAq9fhS8PytfiJKbwMDWu6JI4XFOethQd3Fdgh20LigsTtD
pnm3JQjzFDbhNv/OPsofAhtqUsL8v2dSdjA4n/nLbqcikwQvBRsWzApYgR5MVvjS
+J6Iv5eAXSEY7XZKJCJ6muQ+K6MzSHsldIGu4NOhzHpqLX+oi9CWX+tskfk6LuJ/
QhDMln+yNcCVX0LJFWKbOVhbuRmQIDS80lc7RN0VPdi8AVXm8Kbdt1vMyUn6Si4z
z0dxSbvcNQTttf2DCeM54YoKALy08P1yeuyQVKl68pOTXPjcb6uLJDl1DfFVlWKw
9vMfe5AieqGleIBS1lkC/im0FtMbVjuB4TlDDwIDAQABAoIBABR8Jl/IGqvMvaWq
h2FH/CWKFYZiYCv+vm4tBpxGeogymNgF6JUzOBGNeBSvBQTltd3YSH3iMj5LW38n
hsK4aXbMAg+GNj6zv0X76wNn9+8e0pc+RXhDMqm/6h0SeUC7H+4NiYv830wBmyJy
jA1j/AjQbTlZLY+ERaakzAlP52rmmuob8GBK4XNa9sSjbpZ7Up4SRtURhR60GALF
epbay8HgiAHWdOHmN9mVfonf9dCqejvZcDSovxBzXKG9yE02qjgVewjerTtmm5ct
IQZ0ZUShB8URTRTRmyDTRvJDAHtcctKcNTiECoK0afnsM10fRkuXRy86GAN3Q2TO
qJiLYfECgYEA5LFQdno06uJHOBdr6bMlxOC881JRTfM9pJ84zWFtFRXoVLZI36TF
lmxkFbSEn2e5XgtrvsLFvAWRz6CRcJdDN9X/QYSMIU6q5XHzJ9kZcmj1Ew1FAiJf
g2GColuG3zzOf3M+cGrWqnL9mrVZwf47gjSYNoCA+6YkKSg4SzPeWXECgYEAxue/
HZf9tIfNrMT+E3DSYvqXxGt/IJqicqHZwKNNTYPoKymbUpU2R64TyC9YaoBFATRI
txUup3x/ICTCkbzb5AE6sEzORD5mWREicWhuI6ENHSoRud31J5J1JyTCJWHVhu5I
gyLP5gYM+deJnHLgsdZNc/1EuYoRqvBt3MNHJH8CgYEArHrfCLxatNw8gp2Hkha/
YaFuYMWw9G2EDGjZ2mykbMa9F0bz51jKfQz63zPq4p7EO525gYI8x/YbZtDfYF91
HuOTRMLHPUertKkgjuk6PAPU8q2LYnSyPNCKShFlw3CE/bLZYMfzZ1Ka2tfz/k/U
afto4ZJBtYo0s6XV70ILbMECgYADKyXsPsOX4KHyIqE5hg6T7RIF2wCHcG8uDE3/
t5o/pd5I8by7sAzRT4CZK8foympO/po58Ghx2pXb2ToQQEXwd+SLcm3GwIe424EE
9XjrsGEZGdZ2c4a4PqkHGprNJaXVJG6bSC6vp2EFid1zVJEnxBYvxtUVb5Gge3wE
jEfR2QKBgEybvx5jrA0wWB6/CW0zvIrYa3u8RExi6Rxrrl35Cepq6T5Wn7VCQVG9
2w76Xzv3PjLWqCNVuhz0uJuhp62SSQqashsURIg9cgTPTJVllE3rShEeKBYu0ns8
Xuc/s5UVzUepl+ZNsLw2RNYlb1BgGXXpcGC6IdjC+sC57oK6tdAp
-----END RSA PRIVATE KEY-----
"""
    static let pkcs8 = """
-----BEGIN PRIVATE KEY-----
MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQCxsCr1+FLw/K1+
IkpvAwNa7okjhcU562FB3cV2CHbQuKCxO0OmebclCPMUNuE2/84+yh8CG2pSwvy/
Z1J2MDif+ctupyKTBC8FGxbMCliBHkxW+NL4noi/l4BdIRjtdkokInqa5D4rozNI
eyV0ga7g06HMemotf6iL0JZf62yR+Tou4n9CEMyWf7I1wJVfQskVYps5WFu5GZAg
NLzSVztE3RU92LwBVebwpt23W8zJSfpKLjPPR3FJu9w1BO21/YMJ4znhigoAvLTw
/XJ67JBUqXryk5Nc+Nxvq4skOXUN8VWVYrD28x97kCJ6oaV4gFLWWQL+KbQW0xtW
O4HhOUMPAgMBAAECggEAFHwmX8gaq8y9paqHYUf8JYoVhmJgK/6+bi0GnEZ6iDKY
2AXolTM4EY14FK8FBOW13dhIfeIyPktbfyeGwrhpdswCD4Y2PrO/RfvrA2f37x7S
lz5FeEMyqb/qHRJ5QLsf7g2Ji/zfTAGbInKMDWP8CNBtOVktj4RFpqTMCU/nauaa
6hvwYErhc1r2xKNulntSnhJG1RGFHrQYAsV6ltrLweCIAdZ04eY32ZV+id/10Kp6
O9lwNKi/EHNcob3ITTaqOBV7CN6tO2ably0hBnRlRKEHxRFNFNGbINNG8kMAe1xy
0pw1OIQKgrRp+ewzXR9GS5dHLzoYA3dDZM6omIth8QKBgQDksVB2ejTq4kc4F2vp
syXE4LzzUlFN8z2knzjNYW0VFehUtkjfpMWWbGQVtISfZ7leC2u+wsW8BZHPoJFw
l0M31f9BhIwhTqrlcfMn2RlyaPUTDUUCIl+DYYKiW4bfPM5/cz5wataqcv2atVnB
/juCNJg2gID7piQpKDhLM95ZcQKBgQDG578dl/20h82sxP4TcNJi+pfEa38gmqJy
odnAo01Ng+grKZtSlTZHrhPIL1hqgEUBNEi3FS6nfH8gJMKRvNvkATqwTM5EPmZZ
ESJxaG4joQ0dKhG53fUnknUnJMIlYdWG7kiDIs/mBgz514mccuCx1k1z/US5ihGq
8G3cw0ckfwKBgQCset8IvFq03DyCnYeSFr9hoW5gxbD0bYQMaNnabKRsxr0XRvPn
WMp9DPrfM+rinsQ7nbmBgjzH9htm0N9gX3Ue45NEwsc9R6u0qSCO6To8A9TyrYti
dLI80IpKEWXDcIT9stlgx/NnUpra1/P+T9Rp+2jhkkG1ijSzpdXvQgtswQKBgAMr
Jew+w5fgofIioTmGDpPtEgXbAIdwby4MTf+3mj+l3kjxvLuwDNFPgJkrx+jKak7+
mjnwaHHaldvZOhBARfB35ItybcbAh7jbgQT1eOuwYRkZ1nZzhrg+qQcams0lpdUk
bptILq+nYQWJ3XNUkSfEFi/G1RVvkaB7fASMR9HZAoGATJu/HmOsDTBYHr8JbTO8
ithre7xETGLpHGuuXfkJ6mrpPlaftUJBUb3bDvpfO/c+MtaoI1W6HPS4m6GnrZJJ
CpqyGxREiD1yBM9MlWWUTetKER4oFi7Sezxe5z+zlRXNR6mX5k2wvDZE1iVvUGAZ
delwYLoh2ML6wLnugrq10Ck=
-----END PRIVATE KEY-----
"""
    /// `printf 'calpolicy RS256 test' | openssl dgst -sha256 -sign key.pem | xxd -p`
    static let expected = "148f42a6546340c35fdceebe6ab5cc08d6ab59a5d8b6d07ea0262d0d2561a472d1e3f5ce07bcfcd68de9d5d6d524031d0b3b6a7ff350bd34918485416edd04d0bbbd3ee2d48d6d1b48d1d4e3daeb05910183fca2d10463366ccaa77a9020ec49995c56681182588e6176668c0467cee0b21303e10ebd9651913e9a35e8044543c731ddc31073451fc24bc88d63fea3c40013e25a49d1ac7199a5351333a4921b1983a977d9185178c4e666f640449605c1e2c1f2b0e28dd8db7df8f5be5c87f4dfd37faba3e323701da365c8edc0acc576b882c3debb43163002f0eabdea0af6669d6824e901e9869fb45c7b5057948c67f4cbfb146766896533ef2a8c3243dd"

    @Test func signatureIsOpenSSLsInBothForms() throws {
        for pem in [Self.pkcs1, Self.pkcs8] {
            let key = try RSAPrivateKey(pem: pem)
            #expect(key.bits == 2048)
            #expect(key.signRS256(Array("calpolicy RS256 test".utf8)).map(Hex.encode) == Self.expected)
        }
    }

    @Test func otherFilesAreRefusedByKind() {
        func problem(_ text: String) -> RSAKeyProblem? {
            do { _ = try RSAPrivateKey(pem: text); return nil } catch { return error }
        }
        #expect(problem("not a key") == .notPEM)
        #expect(problem("-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----") == .unsupportedLabel("CERTIFICATE"))
        // RFC 8410's Ed25519 private key: PKCS#8 of another algorithm.
        #expect(problem("-----BEGIN PRIVATE KEY-----\nMC4CAQAwBQYDK2VwBCIEINTuctv5E1hK1bbY8fdp+K06/nwoy/HU++CXqI9EdVhC\n-----END PRIVATE KEY-----") == .notRSA)
        #expect(problem("-----BEGIN RSA PRIVATE KEY-----\nMAMCAQA=\n-----END RSA PRIVATE KEY-----") == .malformed)
        var cut = Self.pkcs1.split(separator: "\n")
        cut.remove(at: 5)
        #expect(problem(cut.joined(separator: "\n")) == .malformed)
    }

    @Test func compactJWSHasThreeBase64URLParts() throws {
        let key = try RSAPrivateKey(pem: Self.pkcs8)
        let token = try #require(JWSCompact.rs256(header: Array(#"{"alg":"RS256","typ":"JWT"}"#.utf8),
                                                  payload: Array(#"{"iss":"1"}"#.utf8), key: key))
        let parts = token.split(separator: ".")
        #expect(parts.count == 3)
        #expect(parts[0] == "eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9")
        #expect(!token.contains("=") && !token.contains("+") && !token.contains("/"))
    }
}
