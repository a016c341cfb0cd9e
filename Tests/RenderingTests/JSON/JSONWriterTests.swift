import Foundation
import Testing
@testable import Rendering

@Suite struct JSONWriterTests {
    func escaped(_ text: String) -> String {
        var out = ""
        JSONWriter.escape(text, into: &out)
        return out
    }

    @Test func escapesQuotesBackslashesAndControlCharacters() {
        #expect(escaped("a\"b\\c") == #""a\"b\\c""#)
        #expect(escaped("\n\r\t\u{08}\u{0C}") == #""\n\r\t\b\f""#)
        #expect(escaped("\u{01}\u{1F}\u{7F}") == #""\u0001\u001f\u007f""#)
        #expect(escaped("\u{2028}") == #""\u2028""#)
    }

    /// The escaper as RFC 8259 describes it, scalar by scalar, to check the fast path against.
    func reference(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x22: out += "\\\""
            case 0x5C: out += "\\\\"
            case 0x0A: out += "\\n"
            case 0x0D: out += "\\r"
            case 0x09: out += "\\t"
            case 0x08: out += "\\b"
            case 0x0C: out += "\\f"
            case 0x2028, 0x2029: out += String(format: "\\u%04x", scalar.value)
            case 0..<0x20, 0x7F: out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    @Test func everyMixOfPlainAndSpecialCharactersIsEscapedAsTheReferenceDoes() {
        let pieces = ["a", "Z", " ", "\"", "\\", "\n", "\u{01}", "\u{7F}", "\u{85}", "\u{2028}", "\u{2029}", "€", "–",
                      "日", "🎄", "é", "#c62828"]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            let text = (0..<Int.random(in: 0...8, using: &generator))
                .map { _ in pieces.randomElement(using: &generator) ?? "" }.joined()
            #expect(escaped(text) == reference(text), "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }

    @Test func integersAreAppendedAsIntWritesThem() {
        for value in [0, 7, 10, 137, 86_400, 1_803_895_200, -1, -86_400, Int.max, Int.min] {
            var out: [UInt8] = Array("x".utf8), reference: [UInt8] = Array("x".utf8)
            JSONWriter.appendInteger(value, to: &out)
            JSONWriter.appendInline(.int(value), to: &reference)
            #expect(out == reference, "\(value)")
            #expect(String(decoding: out.dropFirst(), as: UTF8.self) == String(value))
        }
    }

    @Test func nonASCIIPassesThroughAsUTF8() {
        #expect(escaped("Noël 🎄 日本") == "\"Noël 🎄 日本\"")
    }

    @Test func keysKeepTheirGivenOrder() {
        let text = JSONWriter.write(.object([("z", .int(1)), ("a", .int(2)), ("m", .null)]))
        #expect(text == "{\"z\": 1, \"a\": 2, \"m\": null}\n")
    }

    @Test func deepValuesAreIndentedAndShallowOnesInline() {
        let value: JSONValue = .object([("list", .array([.object([("k", .array([.int(1)]))])]))])
        let text = JSONWriter.write(value)
        #expect(text == """
        {
          "list": [
            {"k": [1]}
          ]
        }

        """)
    }

    @Test func outputParsesBackToTheSameValues() throws {
        let tricky = "quote\" slash\\ nl\n nul\u{0} emoji🙂"
        let text = JSONWriter.write(.object([("s", .string(tricky)), ("n", .int(-3)), ("b", .bool(false)),
                                             ("a", .array([]))]))
        let parsed = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
        #expect(parsed?["s"] as? String == tricky)
        #expect(parsed?["n"] as? Int == -3)
        #expect(parsed?["b"] as? Bool == false)
        #expect((parsed?["a"] as? [Any])?.isEmpty == true)
    }
}

@Suite struct JSONRowsTests {
    @Test func rowsAreOneElementPerLineWhateverTheirDepth() {
        let text = JSONWriter.write(.object([("days", .rows([.object([("a", .null)]), .object([("a", .int(1))])])),
                                             ("list", .array([.int(1), .int(2)]))]))
        #expect(text == """
        {
          "days": [
            {"a": null},
            {"a": 1}
          ],
          "list": [1, 2]
        }

        """)
    }
}

/// `JSONWriter.isPlainContents` decides eight bytes at a time: it must agree with the byte-by-byte
/// definition for every byte at every position of a word and of the tail.
@Suite struct JSONPlainContentsTests {
    @Test func wordScanAgreesWithTheByteByByteDefinition() {
        func reference(_ bytes: [UInt8]) -> Bool {
            !bytes.contains { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || $0 == 0x7F || $0 == 0xE2 }
        }
        let base = Array("Thanksgiving Day (observed) on 2026-11-26".utf8)
        for length in [0, 1, 7, 8, 9, 15, 16, 17, base.count] {
            let text = Array(base.prefix(length))
            for position in text.indices {
                for byte in UInt8.min...UInt8.max {
                    var changed = text
                    changed[position] = byte
                    let fast = changed.withUnsafeBufferPointer { JSONWriter.isPlainContents($0) }
                    #expect(fast == reference(changed), "\(changed)")
                }
            }
            #expect(text.withUnsafeBufferPointer { JSONWriter.isPlainContents($0) } == reference(text))
        }
        for text in ["line\u{2028}sep", "Día de la Constitución", "tab\there", "quote\"", "back\\slash", "emoji 🎉"] {
            let bytes = Array(text.utf8)
            #expect(bytes.withUnsafeBufferPointer { JSONWriter.isPlainContents($0) } == reference(bytes), "\(text)")
        }
    }
}
