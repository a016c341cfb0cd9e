import Testing
@testable import Rendering

@Suite struct LabelPhrasesTests {
    @Test func everyOfferedLanguageIsTranslated() {
        for language in ["de", "fr", "es", "he", "ar", "fa", "ja", "zh", "it", "pt", "nl", "ru", "ko"] {
            let phrases = LabelPhrases.forLanguage(language)
            #expect(phrases != LabelPhrases.english, "\(language)")
            #expect(phrases.selectable != phrases.notSelectable, "\(language)")
            #expect(phrases.notDeselectable != LabelPhrases.english.notDeselectable, "\(language)")
        }
    }

    @Test func unknownLanguagesUseEnglish() {
        #expect(LabelPhrases.forLanguage("sv") == LabelPhrases.english)
        #expect(LabelPhrases.forLanguage("") == LabelPhrases.english)
    }
}
