import Rendering
import CalendarCore
import Testing
@testable import CalPolicyRequests

@Suite struct ValueParserTests {
    let month = OptionCatalogue.month

    func reason(_ body: () throws -> Void) -> String? {
        do { try body(); return nil } catch {
            if let reason = (error as? RequestError)?.reason(.commandLine) { return reason }
            return "unexpected \(error)"
        }
    }

    @Test func monthAcceptsLeapSuffixAndCalendarMonthCounts() throws {
        #expect(try ValueParser.month("2026-12", option: month, calendar: .gregorian)
            == CalendarMonth(era: 1, year: 2026, month: 12))
        #expect(try ValueParser.month("5784-06L", option: month, calendar: .hebrew)
            == CalendarMonth(year: 5784, month: 6, isLeapMonth: true))
        #expect(try ValueParser.month("5784-13", option: month, calendar: .hebrew).month == 13)
    }

    @Test func japaneseMonthWithoutEraIsTheGregorianMonthInItsEra() throws {
        let reiwa = try ValueParser.month("2024-03", option: month, calendar: .japanese)
        #expect(reiwa.year == 6 && reiwa.month == 3)
        let heisei = try ValueParser.month("heisei:31-04", option: month, calendar: .japanese)
        #expect(heisei.year == 31 && heisei.month == 4 && heisei.era != reiwa.era)
    }

    @Test func japaneseYearWithoutEraSpansTheGregorianYearAcrossEras() throws {
        var values = RequestValues()
        values.add(value: "japanese", for: OptionCatalogue.calendar)
        values.add(value: "1989", for: OptionCatalogue.year)
        let settings = try DisplaySettings.resolve(values, environmentLocale: "en_US")
        let span = try SpanResolver.resolve(values, settings: settings)
        #expect(span.days.count == 365)
        #expect(span.days.first.iso == "1989-01-01" && span.days.last.iso == "1989-12-31")
        // Showa 64 (January 1-7) and Heisei 1 both appear: the months of two eras.
        #expect(Set(span.months.map(\.era)).count == 2)
    }

    @Test func monthOutOfRangeSaysTheRange() {
        #expect(reason { _ = try ValueParser.month("2024-13", option: month, calendar: .gregorian) }
            == "month must be 1...12")
        #expect(reason { _ = try ValueParser.month("2024-00", option: month, calendar: .gregorian) }
            == "month must be 1...12")
        #expect(reason { _ = try ValueParser.month("5784-14", option: month, calendar: .hebrew)
        } == "month must be 1...13")
    }

    @Test func malformedMonthSaysWhatWasExpected() {
        for text in ["2024", "2024-1", "2024-1x", "24-01-01", "", "-01", "2024-01LL", "abcd-ef", "2024-+1", "2024-001"] {
            #expect(reason { _ = try ValueParser.month(text, option: month, calendar: .gregorian) }
                == "expected YYYY-MM, YYYY-MML for a leap month, or ERA:YYYY-MM")
        }
    }

    @Test func dayReasonsNameTheProblem() {
        let option = OptionCatalogue.today
        #expect(reason { _ = try ValueParser.day("2026-02-30", option: option) }
            == "day 30 does not exist in 2026-02 (it has 28 days)")
        #expect(reason { _ = try ValueParser.day("2026-13-01", option: option) } == "month must be 1...12")
        #expect(reason { _ = try ValueParser.day("26-1-1", option: option) } == "expected a date YYYY-MM-DD")
        #expect(reason { _ = try ValueParser.day("0000-01-01", option: option) } == "year must be 0001...9999")
    }

    @Test func integerRangeIsEnforced() {
        let option = OptionCatalogue.firstWeekday
        #expect((try? ValueParser.integer("7", option: option, in: 1...7)) == 7)
        #expect(reason { _ = try ValueParser.integer("8", option: option, in: 1...7) } == "expected an integer 1...7")
        #expect(reason { _ = try ValueParser.integer("-1", option: option, in: 1...7) } == "expected an integer 1...7")
        #expect(reason { _ = try ValueParser.integer("0", option: OptionCatalogue.maxCount, in: 1...Int.max) }
            == "expected an integer at least 1")
        #expect(reason { _ = try ValueParser.integer("99999999999999999999", option: option, in: 1...7) }
            == "expected an integer 1...7")
    }

    @Test func choiceSuggestsNearMiss() {
        #expect(reason { _ = try ValueParser.choice("jsn", option: OptionSpec.choice("format", EvalFormat.allCases, help: ""),
                                                    among: ["text", "json", "csv"]) }
            == "expected one of text, json, csv; did you mean 'json'?")
        #expect(reason { _ = try ValueParser.choice("xml", option: OptionSpec.choice("format", EvalFormat.allCases, help: ""),
                                                    among: ["text", "json", "csv"]) }
            == "expected one of text, json, csv")
    }

    @Test func calendarNamesAreTheIdentifierRawValues() throws {
        #expect(try ValueParser.calendar("islamic-umm-al-qura", option: OptionCatalogue.calendar) == .islamicUmmAlQura)
        #expect(reason { _ = try ValueParser.calendar("hebrw", option: OptionCatalogue.calendar) }?
            .hasSuffix("did you mean 'hebrew'?") == true)
    }

    @Test func localeRejectsShellNoise() {
        #expect((try? ValueParser.locale("de_DE", option: OptionCatalogue.locale)) == "de_DE")
        #expect(reason { _ = try ValueParser.locale("de DE;rm", option: OptionCatalogue.locale) }
            == "expected a locale identifier such as en_US")
    }
}
