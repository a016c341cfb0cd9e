import Testing
@testable import Rendering

@Suite struct HTMLTextTests {
    @Test func markupCharactersBecomeReferences() {
        #expect(HTMLText.escape("<script>alert('x') & \"y\"</script>")
            == "&lt;script&gt;alert(&#39;x&#39;) &amp; &quot;y&quot;&lt;/script&gt;")
    }

    @Test func cleanTextIsUnchanged() {
        #expect(HTMLText.escape("Christmas Day — 25 בדצמבר") == "Christmas Day — 25 בדצמבר")
    }

    @Test func controlAndBidiCharactersAreWrittenVisibly() {
        #expect(HTMLText.escape("a\u{202E}b\nc") == "a\\u{202e}b\\nc")
    }

    @Test func joinersStayForPersianAndEmoji() {
        #expect(HTMLText.escape("می\u{200C}خواهم 👨\u{200D}👩") == "می\u{200C}خواهم 👨\u{200D}👩")
    }
}
