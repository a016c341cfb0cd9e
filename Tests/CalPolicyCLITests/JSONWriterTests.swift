import Foundation
import Testing
@testable import CalPolicyCLI

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

    @Test func evalDaysAreOneLineEachWithoutDecorations() {
        let result = CLI.capture(["eval", "--from", "2026-01-01", "--to", "2026-01-03", "--format", "json"])
        let dayLines = result.stdout.split(separator: "\n").filter { $0.hasPrefix("    {\"date\": \"2026-01-0") }
        #expect(dayLines.count == 3)
    }
}
