import Testing
@testable import CalendarCore

@Suite struct CalendarMonthParseTests {
    @Test func plainYearAndMonth() throws {
        #expect(try CalendarMonth.parse("1403-12", calendar: .persian) == CalendarMonth(year: 1403, month: 12))
        #expect(try CalendarMonth.parse("2024-03", calendar: .gregorian) == CalendarMonth(era: 1, year: 2024, month: 3))
    }

    @Test func leapMonthSuffix() throws {
        #expect(try CalendarMonth.parse("2023-02L", calendar: .chinese)
            == CalendarMonth(year: 2023, month: 2, isLeapMonth: true))
    }

    @Test func hebrewMonthSixIsAdarIWithOrWithoutTheSuffix() throws {
        let adarI = CalendarMonth(year: 5784, month: 6, isLeapMonth: true)
        #expect(try CalendarMonth.parse("5784-06", calendar: .hebrew) == adarI)
        #expect(try CalendarMonth.parse("5784-06L", calendar: .hebrew) == adarI)
    }

    @Test func japaneseWithoutEraIsTheGregorianMonthInItsEra() throws {
        #expect(try CalendarMonth.parse("1989-01", calendar: .japanese) == CalendarMonth(era: 234, year: 64, month: 1))
        #expect(try CalendarMonth.parse("2024-03", calendar: .japanese) == CalendarMonth(era: 236, year: 6, month: 3))
    }

    @Test func japaneseEraByNameOrNumber() throws {
        let heisei = CalendarMonth(era: 235, year: 1, month: 1)
        #expect(try CalendarMonth.parse("heisei:1-01", calendar: .japanese) == heisei)
        #expect(try CalendarMonth.parse("Heisei:01-01", calendar: .japanese) == heisei)
        #expect(try CalendarMonth.parse("235:1-01", calendar: .japanese) == heisei)
    }

    @Test func eraPrefixForMinguo() throws {
        #expect(try CalendarMonth.parse("0:1-12", calendar: .republicOfChina) == CalendarMonth(era: 0, year: 1, month: 12))
        #expect(try CalendarMonth.parse("113-03", calendar: .republicOfChina) == CalendarMonth(era: 1, year: 113, month: 3))
    }

    @Test(arguments: ["2024-3-", "2024", "2024-13", "x-01", "2024-00", "", "2024-01-01", "nara:1-01", "１２３-01"])
    func malformedTextIsRejected(_ text: String) {
        #expect(throws: CalendarMonthParseError.self) { try CalendarMonth.parse(text, calendar: .gregorian) }
    }

    @Test func monthThatDoesNotExistThatYearSaysSo() {
        do {
            _ = try CalendarMonth.parse("5783-06", calendar: .hebrew)
            Issue.record("5783 has no Adar I")
        } catch {
            #expect(error.description
                == "invalid month '5783-06' for calendar 'hebrew': month 6 (leap) does not exist in hebrew year 5783")
        }
    }

    @Test func chineseLeapMonthOnlyWhereThereIsOne() {
        #expect(throws: CalendarMonthParseError.self) { try CalendarMonth.parse("2024-02L", calendar: .chinese) }
    }
}

/// `YYYY-MM` is read by bytes first; whatever the calendar, that reading gives what the general
/// one gives — the same month, or the same error.
@Suite struct CalendarMonthByteReadingTests {
    static let texts = ["2026-12", "2026-01", "0000-01", "0001-01", "9999-12", "2026-13", "2026-00", "5786-06",
                        "5786-13", "1989-01", "1402-12", "2023-02", "2026-1x", "2026_12", "20261-1", "２０２６-12"]

    @Test(arguments: CalendarIdentifier.allCases)
    func theByteReadingAgreesWithTheGeneralOne(_ calendar: CalendarIdentifier) {
        for text in Self.texts {
            let fast = Result { () throws(CalendarMonthParseError) in
                try CalendarMonth.parse(text, calendar: calendar, bytesFirst: true)
            }
            let general = Result { () throws(CalendarMonthParseError) in
                try CalendarMonth.parse(text, calendar: calendar, bytesFirst: false)
            }
            #expect(fast == general, "\(text) in \(calendar)")
        }
    }
}
