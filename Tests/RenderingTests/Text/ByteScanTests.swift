import Testing
@testable import Rendering

/// `ByteScan` decides eight bytes at a time whether a text may hold a special byte; each word
/// test must be exact about whether there is one, and the writers built on it must agree with
/// what they write.
@Suite struct ByteScanTests {
    /// Every byte value at every place of a word, against the byte-by-byte definition.
    @Test func eachWordTestIsExactForEveryByteAtEveryPlace() {
        for value in 0...255 {
            for place in 0..<8 {
                for filler: UInt8 in [0x41, 0x20, 0x7E, 0x80, 0xFF] {
                    var bytes = [UInt8](repeating: filler, count: 8)
                    bytes[place] = UInt8(value)
                    let word = bytes.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
                    #expect((ByteScan.below(word, 0x20) != 0) == bytes.contains { $0 < 0x20 })
                    #expect((ByteScan.above(word, 0x7E) != 0) == bytes.contains { $0 > 0x7E })
                    for special: UInt8 in [0x22, 0x2C, 0x5C, 0x7F, 0xE2] {
                        #expect((ByteScan.equal(word, special) != 0) == bytes.contains(special))
                    }
                }
            }
        }
    }

    /// `plainPrefix` stops at the first special byte, in a whole word or in the tail.
    @Test func thePlainPrefixEndsAtTheFirstSpecialByte() {
        for count in 0..<20 {
            for place in 0...count {
                var bytes = [UInt8](repeating: 0x61, count: count)
                if place < count { bytes[place] = 0x2C }
                let prefix = bytes.withUnsafeBufferPointer {
                    ByteScan.plainPrefix($0, suspectWord: { ByteScan.equal($0, 0x2C) != 0 }, specialByte: { $0 == 0x2C })
                }
                #expect(prefix == place, "\(count) bytes, comma at \(place)")
            }
        }
    }

    /// A CSV text is plain exactly when `appendText` writes it unchanged: one odd character
    /// (every ASCII byte, a two-byte letter, a line separator) at every place of texts of 1 to
    /// 19 bytes.
    @Test func csvPlainTextIsWrittenUnchanged() {
        let odd = (0..<128).map { String(UnicodeScalar(UInt8($0))) } + ["é", "\u{2028}", "日"]
        for count in 1..<20 {
            for place in 0..<count {
                for character in odd {
                    var text = String(repeating: "a", count: place) + character
                    text += String(repeating: "b", count: count - place - 1)
                    var written: [UInt8] = []
                    CSVWriter.appendText(text, to: &written)
                    let plain = Array(text.utf8).withUnsafeBufferPointer { CSVWriter.isPlain($0) }
                    #expect(plain == (written == Array(text.utf8)), "\(Array(text.utf8))")
                }
            }
        }
    }
}
