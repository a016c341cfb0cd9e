import Testing
@testable import CalendarCore

@Suite struct LocaleInfoTests {
    @Test(arguments: [("en_US", 1, 1), ("de_DE", 2, 4), ("en_GB", 2, 4), ("fr_FR", 2, 4), ("ar_EG", 7, 1), ("ru_RU", 2, 4)])
    func firstWeekdayAndMinimumDaysComeFromTheLocale(_ id: String, _ first: Int, _ minimum: Int) {
        let info = LocaleInfo(identifier: id)
        #expect(info.firstWeekday == first)
        #expect(info.minimumDaysInFirstWeek == minimum)
        #expect(info.weekRule == .locale(firstWeekday: first, minimumDaysInFirstWeek: minimum))
    }

    @Test func weekdaySymbolsStartOnSunday() {
        let en = LocaleInfo(identifier: "en_US")
        #expect(en.weekdaySymbols(style: .full) == ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"])
        #expect(en.weekdaySymbols(style: .short) == ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"])
        #expect(en.weekdaySymbols(style: .veryShort).count == 7)
        #expect(LocaleInfo(identifier: "de_DE").weekdaySymbols(style: .full).first == "Sonntag")
    }

    @Test func orderedSymbolsFollowTheFirstWeekday() {
        let en = LocaleInfo(identifier: "en_US")
        #expect(en.orderedWeekdaySymbols(style: .short, firstWeekday: 2).first == "Mon")
        #expect(en.orderedWeekdaySymbols(style: .short, firstWeekday: 7) == ["Sat", "Sun", "Mon", "Tue", "Wed", "Thu", "Fri"])
        #expect(LocaleInfo(identifier: "de_DE").orderedWeekdaySymbols(style: .full).first == "Montag")
    }

    @Test func gregorianMonthNames() {
        let en = LocaleInfo(identifier: "en_US")
        #expect(en.monthName(CalendarMonth(year: 2026, month: 3), calendar: .gregorian) == "March")
        #expect(en.monthName(CalendarMonth(year: 2026, month: 9), calendar: .gregorian, style: .short) == "Sep")
        #expect(LocaleInfo(identifier: "de_DE").monthName(CalendarMonth(year: 2026, month: 3), calendar: .gregorian) == "März")
        #expect(en.monthName(CalendarMonth(year: 2026, month: 12), calendar: .iso8601) == "December")
    }

    @Test func missingMonthsAreNamedByNumber() {
        let en = LocaleInfo(identifier: "en_US")
        #expect(en.monthName(CalendarMonth(year: 2026, month: 13), calendar: .gregorian) == "13")
    }

    @Test func infoIsCachedAndEqualPerIdentifier() {
        #expect(LocaleInfo(identifier: "en_US") == LocaleInfo(identifier: "en_US"))
        #expect(LocaleInfo(identifier: "en_US") != LocaleInfo(identifier: "de_DE"))
    }

    @Test func concurrentLookupsAgree() async {
        let names = await withTaskGroup(of: String.self) { group in
            for i in 0..<32 {
                group.addTask {
                    LocaleInfo(identifier: i % 2 == 0 ? "en_US" : "de_DE")
                        .monthName(CalendarMonth(year: 2026, month: 5), calendar: .gregorian)
                }
            }
            var all: [String] = []
            for await name in group { all.append(name) }
            return all
        }
        #expect(Set(names) == ["May", "Mai"])
    }
}
