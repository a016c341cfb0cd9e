import CPolicyBridge
import Testing
@testable import Rendering

/// Event UIDs: stable for a window's name, summary, year and ordinal, and hashed with the same
/// FNV-1a as the C floors (`cls_fnv1a64` behind `cpb_content_hash`): the two implementations of
/// the one hash are held equal here.
@Suite struct ICSIdentifierTests {
    /// The UID's hash is FNV-1a over the fields joined by U+001F, as C computes it.
    @Test func theUIDHashIsTheCFloorsFNV() {
        var generator = SystemRandomNumberGenerator()
        let pieces = ["", "a", "weekends.lua", "Year-end change freeze", "é🙂\u{1}", String(repeating: "x", count: 300)]
        for _ in 0..<200 {
            let policy = pieces.randomElement(using: &generator)! + String(UInt8.random(in: 0...255, using: &generator))
            let summary = pieces.randomElement(using: &generator)!
            let year = Int.random(in: 1...9999, using: &generator)
            let ordinal = Int.random(in: 0...40, using: &generator)
            let uid = ICSIdentifier.uid(policy: policy, summary: summary, year: year, ordinal: ordinal)
            let joined = Array((policy + "\u{1F}" + summary + "\u{1F}" + String(year) + "\u{1F}" + String(ordinal)).utf8)
            let c = joined.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) { UInt64(cpb_content_hash($0.baseAddress, $0.count)) }
            }
            var hex = String(c, radix: 16)
            hex = String(repeating: "0", count: 16 - hex.count) + hex
            #expect(uid == FeedWindow.pad(year, 4) + "-" + hex + "@calpolicy", "\(policy) \(summary) \(year) \(ordinal)")
        }
    }

    /// Known values: FNV-1a's published test vectors through the C function (an empty input is
    /// the offset basis; "a" is af63dc4c8601ec8c).
    @Test func theCHashMatchesFNV1aTestVectors() {
        func hash(_ text: String) -> UInt64 {
            Array(text.utf8).withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) { UInt64(cpb_content_hash($0.baseAddress, $0.count)) }
            }
        }
        #expect(hash("") == 0xcbf2_9ce4_8422_2325)
        #expect(hash("a") == 0xaf63_dc4c_8601_ec8c)
        #expect(hash("foobar") == 0x8594_4171_f739_67e8)
    }
}
