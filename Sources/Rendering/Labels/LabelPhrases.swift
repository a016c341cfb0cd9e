/// The words of a day's accessible label in one language: "selectable", "not selectable",
/// "cannot be deselected", "marked", and the punctuation that joins them (`, ` and `: ` in English, `、` and `：`
/// in Japanese). Languages without a translation use English.
public struct LabelPhrases: Hashable, Sendable {
    public let selectable: String
    public let notSelectable: String
    /// A day that may not be let go of once selected (`canDeselect` refused).
    public let notDeselectable: String
    /// A decoration without a label of its own.
    public let decorated: String
    /// Between the date and each part that follows.
    public let separator: String
    /// Between "not selectable" and the reason.
    public let colon: String

    public init(selectable: String, notSelectable: String, notDeselectable: String, decorated: String,
                separator: String = ", ", colon: String = ": ") {
        (self.selectable, self.notSelectable, self.decorated) = (selectable, notSelectable, decorated)
        self.notDeselectable = notDeselectable
        (self.separator, self.colon) = (separator, colon)
    }

    public static let english = LabelPhrases(selectable: "selectable", notSelectable: "not selectable",
                                             notDeselectable: "cannot be deselected", decorated: "marked")

    /// A row of `translations`.
    private init(_ selectable: String, _ notSelectable: String, _ notDeselectable: String, _ decorated: String,
                 separator: String = ", ", colon: String = ": ") {
        self.init(selectable: selectable, notSelectable: notSelectable, notDeselectable: notDeselectable,
                  decorated: decorated, separator: separator, colon: colon)
    }

    /// Translations by language code (`de`, not `de_DE`), a language a row: selectable, not
    /// selectable, cannot be deselected, marked, then the separator and colon where they are
    /// not English's.
    public static let translations: [String: LabelPhrases] = [
        "en": english,
        "de": LabelPhrases("auswählbar", "nicht auswählbar", "nicht abwählbar", "markiert"),
        "fr": LabelPhrases("sélectionnable", "non sélectionnable", "non désélectionnable", "marqué", colon: "\u{202F}: "),
        "es": LabelPhrases("seleccionable", "no seleccionable", "no se puede deseleccionar", "marcado"),
        "it": LabelPhrases("selezionabile", "non selezionabile", "non deselezionabile", "contrassegnato"),
        "pt": LabelPhrases("selecionável", "não selecionável", "não pode ser desmarcado", "marcado"),
        "nl": LabelPhrases("selecteerbaar", "niet selecteerbaar", "niet deselecteerbaar", "gemarkeerd"),
        "ru": LabelPhrases("можно выбрать", "нельзя выбрать", "нельзя отменить выбор", "отмечено"),
        "he": LabelPhrases("ניתן לבחירה", "לא ניתן לבחירה", "לא ניתן לבטל את הבחירה", "מסומן"),
        "ar": LabelPhrases("قابل للتحديد", "غير قابل للتحديد", "لا يمكن إلغاء تحديده", "مميَّز", separator: "، "),
        "fa": LabelPhrases("قابل انتخاب", "غیرقابل انتخاب", "لغو انتخاب ممکن نیست", "مشخص شده", separator: "، "),
        "ja": LabelPhrases("選択可", "選択不可", "選択解除不可", "マークあり", separator: "、", colon: "："),
        "zh": LabelPhrases("可选择", "不可选择", "不可取消选择", "已标记", separator: "，", colon: "："),
        "ko": LabelPhrases("선택 가능", "선택 불가", "선택 해제 불가", "표시됨"),
    ]

    /// The phrases for a language code; English when there is no translation.
    public static func forLanguage(_ language: String) -> LabelPhrases {
        translations[language] ?? english
    }
}
