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

    /// Translations by language code (`de`, not `de_DE`).
    public static let translations: [String: LabelPhrases] = [
        "en": english,
        "de": LabelPhrases(selectable: "auswählbar", notSelectable: "nicht auswählbar",
                           notDeselectable: "nicht abwählbar", decorated: "markiert"),
        "fr": LabelPhrases(selectable: "sélectionnable", notSelectable: "non sélectionnable",
                           notDeselectable: "non désélectionnable", decorated: "marqué",
                           colon: "\u{202F}: "),
        "es": LabelPhrases(selectable: "seleccionable", notSelectable: "no seleccionable",
                           notDeselectable: "no se puede deseleccionar", decorated: "marcado"),
        "it": LabelPhrases(selectable: "selezionabile", notSelectable: "non selezionabile",
                           notDeselectable: "non deselezionabile", decorated: "contrassegnato"),
        "pt": LabelPhrases(selectable: "selecionável", notSelectable: "não selecionável",
                           notDeselectable: "não pode ser desmarcado", decorated: "marcado"),
        "nl": LabelPhrases(selectable: "selecteerbaar", notSelectable: "niet selecteerbaar",
                           notDeselectable: "niet deselecteerbaar", decorated: "gemarkeerd"),
        "ru": LabelPhrases(selectable: "можно выбрать", notSelectable: "нельзя выбрать",
                           notDeselectable: "нельзя отменить выбор", decorated: "отмечено"),
        "he": LabelPhrases(selectable: "ניתן לבחירה", notSelectable: "לא ניתן לבחירה",
                           notDeselectable: "לא ניתן לבטל את הבחירה", decorated: "מסומן"),
        "ar": LabelPhrases(selectable: "قابل للتحديد", notSelectable: "غير قابل للتحديد",
                           notDeselectable: "لا يمكن إلغاء تحديده", decorated: "مميَّز",
                           separator: "، "),
        "fa": LabelPhrases(selectable: "قابل انتخاب", notSelectable: "غیرقابل انتخاب",
                           notDeselectable: "لغو انتخاب ممکن نیست", decorated: "مشخص شده",
                           separator: "، "),
        "ja": LabelPhrases(selectable: "選択可", notSelectable: "選択不可",
                           notDeselectable: "選択解除不可", decorated: "マークあり",
                           separator: "、", colon: "："),
        "zh": LabelPhrases(selectable: "可选择", notSelectable: "不可选择",
                           notDeselectable: "不可取消选择", decorated: "已标记",
                           separator: "，", colon: "："),
        "ko": LabelPhrases(selectable: "선택 가능", notSelectable: "선택 불가",
                           notDeselectable: "선택 해제 불가", decorated: "표시됨"),
    ]

    /// The phrases for a language code; English when there is no translation.
    public static func forLanguage(_ language: String) -> LabelPhrases {
        translations[language] ?? english
    }
}
