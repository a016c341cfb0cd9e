import Testing
@testable import CalendarCore

@Suite struct GregorianChangeTests {
    private func day(_ year: Int, _ month: Int, _ dayOfMonth: Int) -> Day {
        Day(dayNumber: GregorianMath.dayNumber(year: year, month: month, day: dayOfMonth))
    }

    @Test func fullDatesBeforeTheChangeAreProlepticGregorian() {
        let de = LocaleInfo(identifier: "de_DE")
        #expect(de.fullDate(day(1500, 3, 1), calendar: .gregorian) == "Donnerstag, 1. März 1500")
        #expect(de.fullDate(day(1, 1, 1), calendar: .gregorian) == "Montag, 1. Januar 1")
        #expect(de.fullDate(day(1582, 10, 4), calendar: .gregorian) == "Montag, 4. Oktober 1582")
        #expect(de.fullDate(day(2026, 12, 25), calendar: .gregorian) == "Freitag, 25. Dezember 2026")
    }

    @Test func theYearIsWrittenInTheLocalesDigits() {
        #expect(LocaleInfo(identifier: "ar_EG").fullDate(day(1500, 3, 1), calendar: .gregorian).contains("١٥٠٠"))
    }

    @Test func monthNamesBeforeTheChangeAreTheirOwn() {
        #expect(LocaleInfo(identifier: "de_DE").monthName(CalendarMonth(year: 1500, month: 3), calendar: .gregorian)
            == "März")
    }

    @Test func onlyYearsOutsideQuotesAreMarked() {
        let marked = GregorianChange.markingYear(in: "EEEE, d. MMMM 'y' yyyy")
        #expect(marked?.pattern == "EEEE, d. MMMM 'y' '\u{E000}'")
        #expect(marked?.yearWidth == 4)
        #expect(GregorianChange.markingYear(in: "EEEE d MMMM") == nil)
    }

    @Test func cyclesMoveEarlyDaysPastTheChange() {
        #expect(GregorianChange.cycles(for: day(2026, 1, 1)) == 0)
        #expect(GregorianChange.cycles(for: day(1582, 12, 31)) == 1)
        #expect(GregorianChange.cycles(for: day(1, 1, 1)) == 4)
    }
}
