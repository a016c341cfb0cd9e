/// The words of a day's accessible label in one language: "selectable", "not selectable",
/// "decorated", and the punctuation that joins them (`, ` and `: ` in English, `、` and `：`
/// in Japanese). Languages without a translation use English.
public struct LabelPhrases: Hashable, Sendable {
    public let selectable: String
    public let notSelectable: String
    /// A decoration without a label of its own.
    public let decorated: String
    /// Between the date and each part that follows.
    public let separator: String
    /// Between "not selectable" and the reason.
    public let colon: String

    public init(selectable: String, notSelectable: String, decorated: String, separator: String = ", ",
                colon: String = ": ") {
        (self.selectable, self.notSelectable, self.decorated) = (selectable, notSelectable, decorated)
        (self.separator, self.colon) = (separator, colon)
    }

    public static let english = LabelPhrases(selectable: "selectable", notSelectable: "not selectable",
                                             decorated: "marked")

    /// Translations by language code (`de`, not `de_DE`).
    public static let translations: [String: LabelPhrases] = [
        "en": english,
        "de": LabelPhrases(selectable: "auswählbar", notSelectable: "nicht auswählbar", decorated: "markiert"),
        "fr": LabelPhrases(selectable: "sélectionnable", notSelectable: "non sélectionnable", decorated: "marqué",
                           colon: "\u{202F}: "),
        "es": LabelPhrases(selectable: "seleccionable", notSelectable: "no seleccionable", decorated: "marcado"),
        "it": LabelPhrases(selectable: "selezionabile", notSelectable: "non selezionabile", decorated: "contrassegnato"),
        "pt": LabelPhrases(selectable: "selecionável", notSelectable: "não selecionável", decorated: "marcado"),
        "nl": LabelPhrases(selectable: "selecteerbaar", notSelectable: "niet selecteerbaar", decorated: "gemarkeerd"),
        "ru": LabelPhrases(selectable: "можно выбрать", notSelectable: "нельзя выбрать", decorated: "отмечено"),
        "he": LabelPhrases(selectable: "ניתן לבחירה", notSelectable: "לא ניתן לבחירה", decorated: "מסומן"),
        "ar": LabelPhrases(selectable: "قابل للتحديد", notSelectable: "غير قابل للتحديد", decorated: "مميَّز",
                           separator: "، "),
        "fa": LabelPhrases(selectable: "قابل انتخاب", notSelectable: "غیرقابل انتخاب", decorated: "علامت‌دار",
                           separator: "، "),
        "ja": LabelPhrases(selectable: "選択可", notSelectable: "選択不可", decorated: "マークあり",
                           separator: "、", colon: "："),
        "zh": LabelPhrases(selectable: "可选择", notSelectable: "不可选择", decorated: "已标记",
                           separator: "，", colon: "："),
        "ko": LabelPhrases(selectable: "선택 가능", notSelectable: "선택 불가", decorated: "표시됨"),
    ]

    /// The phrases for a language code; English when there is no translation.
    public static func forLanguage(_ language: String) -> LabelPhrases {
        translations[language] ?? english
    }
}
