import CalendarCore
import Testing
@testable import Rendering

@Suite struct DayLabelerTests {
    private let christmas = Day(dayNumber: GregorianMath.dayNumber(year: 2026, month: 12, day: 25))
    private let holiday = Decoration(kind: .default, label: "Christmas Day", color: "#c62828")

    private func christmasLabel(_ locale: String, calendar: CalendarIdentifier = .gregorian) -> String {
        DayLabeler(names: DisplayNames(locale: locale, calendar: calendar))
            .label(day: christmas, selectable: false, reason: "Christmas Day", decoration: holiday)
    }

    @Test func englishNamesTheFullDateAndTheReason() {
        #expect(christmasLabel("en_US") == "Friday, December 25, 2026, not selectable: Christmas Day")
        let labeler = DayLabeler(names: DisplayNames(locale: "en_US", calendar: .gregorian))
        #expect(labeler.label(day: christmas.adding(days: -1), selectable: true, reason: nil, decoration: nil)
            == "Thursday, December 24, 2026, selectable")
    }

    @Test(arguments: [
        ("de_DE", "Freitag, 25. Dezember 2026, nicht auswählbar: Christmas Day"),
        ("fr_FR", "vendredi 25 décembre 2026, non sélectionnable\u{202F}: Christmas Day"),
        ("es_ES", "viernes, 25 de diciembre de 2026, no seleccionable: Christmas Day"),
        ("he_IL", "יום שישי, 25 בדצמבר 2026, לא ניתן לבחירה: Christmas Day"),
        ("ar_EG", "الجمعة، ٢٥ ديسمبر، ٢٠٢٦، غير قابل للتحديد: Christmas Day"),
        ("fa_IR", "جمعه ۲۵ دسامبر ۲۰۲۶، غیرقابل انتخاب: Christmas Day"),
        ("ja_JP", "2026年12月25日 金曜日、選択不可：Christmas Day"),
    ])
    func eachOfferedLocaleHasItsOwnWords(locale: String, expected: String) {
        #expect(christmasLabel(locale) == expected)
    }

    @Test func chineseUsesChinesePhrasesAndPunctuation() {
        let label = christmasLabel("zh_Hans_CN")
        #expect(label.hasPrefix("2026年12月25日"))
        #expect(label.hasSuffix("，不可选择：Christmas Day"))
    }

    @Test func aLocaleWithoutPhrasesFallsBackToEnglishWordsAroundItsOwnDate() {
        let label = christmasLabel("sv_SE")
        #expect(label.contains("december"))
        #expect(label.hasSuffix(", not selectable: Christmas Day"))
    }

    @Test func otherCalendarsNameTheirOwnMonths() {
        #expect(christmasLabel("en_US", calendar: .islamic) == "Friday, Rajab 16, 1448 AH, not selectable: Christmas Day")
        #expect(christmasLabel("he_IL", calendar: .hebrew).contains("בטבת"))
        let adarI = Day(dayNumber: GregorianMath.dayNumber(year: 2024, month: 2, day: 15))
        let label = DayLabeler(names: DisplayNames(locale: "en_US", calendar: .hebrew))
            .label(day: adarI, selectable: true, reason: nil, decoration: nil)
        #expect(label == "Thursday, 6 Adar I 5784, selectable")
    }

    @Test func aDecorationLabelIsAddedOnlyWhenItSaysMore() {
        let labeler = DayLabeler(names: DisplayNames(locale: "en_US", calendar: .gregorian))
        let payday = Decoration(kind: .image, label: "Payday", image: "banknote")
        #expect(labeler.label(day: christmas, selectable: true, reason: nil, decoration: payday)
            == "Friday, December 25, 2026, selectable, Payday")
        #expect(labeler.label(day: christmas, selectable: true, reason: nil, decoration: Decoration())
            == "Friday, December 25, 2026, selectable, marked")
        #expect(labeler.label(day: christmas, selectable: false, reason: nil, decoration: nil)
            == "Friday, December 25, 2026, not selectable")
    }

    @Test func aDayThatMayNotBeLetGoSaysSo() {
        let labeler = DayLabeler(names: DisplayNames(locale: "en_US", calendar: .gregorian))
        #expect(labeler.label(day: christmas, selectable: true, reason: nil, deselectable: false,
                              deselectReason: "booked", decoration: nil)
            == "Friday, December 25, 2026, selectable, cannot be deselected: booked")
        #expect(labeler.label(day: christmas, selectable: false, reason: "closed", deselectable: false,
                              deselectReason: "closed", decoration: nil)
            == "Friday, December 25, 2026, not selectable: closed, cannot be deselected")
        let german = DayLabeler(names: DisplayNames(locale: "de_DE", calendar: .gregorian))
        #expect(german.label(day: christmas, selectable: true, reason: nil, deselectable: false, decoration: nil)
            == "Freitag, 25. Dezember 2026, auswählbar, nicht abwählbar")
    }

    @Test func noPhraseHoldsACharacterTheEscapersWouldRewrite() {
        for (language, phrases) in LabelPhrases.translations {
            for text in [phrases.selectable, phrases.notSelectable, phrases.notDeselectable, phrases.decorated,
                         phrases.separator, phrases.colon] {
                #expect(TerminalText.isClean(text), "\(language): \(text)")
            }
        }
    }

    @Test func builtInEnglishDatesMatchTheLocaleData() {
        let builtIn = DisplayNames(locale: "en_US", calendar: .gregorian)
        #expect(builtIn.isBuiltIn)
        let icu = LocaleInfo(identifier: "en_US")
        for (year, month, day) in [(1, 1, 1), (999, 3, 9), (1970, 1, 1), (2024, 2, 29), (2026, 12, 25), (9999, 12, 31)] {
            let value = Day(dayNumber: GregorianMath.dayNumber(year: year, month: month, day: day))
            #expect(builtIn.fullDate(value) == icu.fullDate(value, calendar: .gregorian), "\(year)-\(month)-\(day)")
        }
    }

    /// The JSON day line's full date (static names, one pointer) is `fullDate`'s text on every
    /// day of four years, each weekday in each month, and at both ends of the supported range.
    @Test func theJSONFullDateIsTheFullDateOnEveryDay() {
        let names = DisplayNames(locale: "en_US", calendar: .gregorian)
        let first = GregorianMath.dayNumber(year: 2024, month: 1, day: 1)
        let days = (first..<first + 4 * 366).map(Day.init(dayNumber:))
            + [Day.supportedRange.lowerBound, Day.supportedRange.upperBound]
        for day in days {
            var out: [UInt8] = [0x22]
            names.appendFullDate(day, jsonEscapedTo: &out)
            #expect(out == [0x22] + Array(names.fullDate(day).utf8), "\(day.iso)")
        }
    }

    @Test func languageIsTheIdentifiersFirstPart() {
        #expect(DisplayNames(locale: "he_IL", calendar: .gregorian).language == "he")
        #expect(DisplayNames(locale: "zh-Hant-TW", calendar: .gregorian).language == "zh")
        #expect(DisplayNames(locale: "en_US", calendar: .gregorian).language == "en")
    }
}
