import CalendarCore
import Testing
@testable import Rendering

@Suite struct DisplayNamesTests {
    @Test func builtInEnglishMatchesTheLocaleData() {
        let builtIn = DisplayNames(locale: "en_US", calendar: .gregorian)
        #expect(builtIn.isBuiltIn)
        let icu = LocaleInfo(identifier: "en_US")
        #expect(builtIn.firstWeekday == icu.firstWeekday)
        #expect(builtIn.minimumDaysInFirstWeek == icu.minimumDaysInFirstWeek)
        for style in [LocaleInfo.WeekdayStyle.veryShort, .short, .full] {
            #expect(builtIn.weekdaySymbols(style: style) == icu.weekdaySymbols(style: style))
        }
        for month in 1...12 {
            let value = CalendarMonth(year: 2026, month: month)
            #expect(builtIn.monthName(value) == icu.monthName(value, calendar: .gregorian, style: .full))
        }
    }

    @Test func otherLocalesAndCalendarsAskTheLocaleData() {
        #expect(!DisplayNames(locale: "de_DE", calendar: .gregorian).isBuiltIn)
        #expect(!DisplayNames(locale: "en_US", calendar: .hebrew).isBuiltIn)
        #expect(!DisplayNames(locale: "en_GB", calendar: .gregorian).isBuiltIn)
        #expect(DisplayNames(locale: "de_DE", calendar: .gregorian).monthName(CalendarMonth(year: 2026, month: 3))
            == "März")
    }

    @Test func headerFallsBackToVeryShortNamesWhenCutsCollide() {
        let hebrew = TextCalendarRenderer.headerSymbols(DisplayNames(locale: "he_IL", calendar: .hebrew))
        #expect(Set(hebrew).count == 7)
        #expect(TextCalendarRenderer.headerSymbols(DisplayNames(locale: "en_US", calendar: .gregorian))
            == ["Su", "Mo", "Tu", "We", "Th", "Fr", "Sa"])
    }
}
