import Testing
import Rendering

/// The one escaper for policy text on a terminal: what it escapes, and that its byte
/// pre-scan agrees with the code-point rule.
@Suite struct TerminalTextTests {
    @Test func cleanTextIsUnchanged() {
        for text in ["", "New Year’s Day — observed", "Christmas Day", "שבת", "عيد", "日本の祝日", "😀 ok", "a\u{A0}b"] {
            #expect(TerminalText.escape(text) == text)
            #expect(TerminalText.isClean(text))
        }
    }

    @Test func controlsBidiAndSeparatorsAreEscaped() {
        #expect(TerminalText.escape("a\nb\rc\td") == "a\\nb\\rc d")
        #expect(TerminalText.escape("\u{1B}[31mred\u{7}") == "\\u{1b}[31mred\\u{7}")
        #expect(TerminalText.escape("x\u{7F}\u{85}\u{9B}y") == "x\\u{7f}\\u{85}\\u{9b}y")
        #expect(TerminalText.escape("abc\u{202E}fdp.exe") == "abc\\u{202e}fdp.exe")
        #expect(TerminalText.escape("\u{202A}\u{202B}\u{202C}\u{202D}\u{2066}\u{2067}\u{2068}\u{2069}")
            == "\\u{202a}\\u{202b}\\u{202c}\\u{202d}\\u{2066}\\u{2067}\\u{2068}\\u{2069}")
        #expect(TerminalText.escape("\u{200E}\u{200F}\u{061C}\u{2028}\u{2029}\u{200B}\u{FEFF}")
            == "\\u{200e}\\u{200f}\\u{61c}\\u{2028}\\u{2029}\\u{200b}\\u{feff}")
    }

    @Test func theByteScanAgreesWithTheCodePointRule() {
        let samples: [ClosedRange<UInt32>] = [0...0x2FF, 0x600...0x6FF, 0x2000...0x20FF, 0xFE00...0xFFFD]
        for range in samples {
            for value in range {
                guard let scalar = Unicode.Scalar(value) else { continue }
                let text = "a" + String(Character(scalar)) + "b"
                let expected = !TerminalText.needsEscape(value)
                #expect(TerminalText.isClean(text) == expected, "U+\(String(value, radix: 16))")
                #expect((TerminalText.escape(text) == text) == expected, "U+\(String(value, radix: 16))")
            }
        }
    }
}
