import Testing
@testable import Rendering

@Suite struct HTMLPageTests {
    @Test func localeIdentifiersBecomeLanguageTags() {
        #expect(HTMLPage.languageTag("he_IL") == "he-IL")
        #expect(HTMLPage.languageTag("zh_Hant_TW") == "zh-Hant-TW")
        #expect(HTMLPage.languageTag("ar_SA@calendar=islamic") == "ar-SA")
        #expect(HTMLPage.languageTag("") == "en")
    }

    @Test(arguments: ["he_IL", "ar_EG", "fa_IR", "ur_PK", "he"])
    func rightToLeftLanguages(locale: String) {
        #expect(HTMLPage.isRightToLeft(locale))
    }

    @Test(arguments: ["en_US", "de_DE", "ja_JP", "hr_HR", "far"])
    func leftToRightLanguages(locale: String) {
        #expect(!HTMLPage.isRightToLeft(locale))
    }

    @Test func theTitleIsEscaped() {
        let head = HTMLPage(locale: "en_US", title: "a</title><script>").head(style: "")
        #expect(head.contains("<title>a&lt;/title&gt;&lt;script&gt;</title>"))
        #expect(!head.contains("<script"))
    }
}
