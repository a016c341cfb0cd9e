import Testing
@testable import Rendering

@Suite struct JUnitReportTests {
    @Test func junitEscapesMarkup() {
        // Policy text goes through the terminal escaper first: a newline is the two characters `\n`.
        #expect(JUnitReport.escape("a<b & \"c\"\n") == "a&lt;b &amp; &quot;c&quot;\\n")
    }

    @Test func junitEscapesBidiAndControlCharacters() {
        #expect(JUnitReport.escape("a\u{202E}b\u{1B}[31m\u{2066}c\u{9B}") == "a\\u{202e}b\\u{1b}[31m\\u{2066}c\\u{9b}")
    }
}
