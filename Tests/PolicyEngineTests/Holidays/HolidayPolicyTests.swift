import CalendarCore
import Testing
@testable import PolicyEngine

/// The built-in holiday data as policies: names, half days, coverage, weekends and the errors
/// of a bad reference, over the committed data/holidays.
@Suite struct HolidayPolicyTests {
    static let folder = String(#filePath.prefix(upTo: #filePath.range(of: "/Tests/")!.lowerBound)) + "/data/holidays"
    let data = HolidayData(folder: HolidayPolicyTests.folder)
    let context = PolicyContext()

    func day(_ year: Int, _ month: Int, _ dayOfMonth: Int) -> Day { try! Day(year: year, month: month, day: dayOfMonth) }

    func policy(_ text: String) throws -> any DayPolicy { try HolidayReference(text, data: data).policy(data: data) }

    @Test func berlinDeniesItsHolidaysWithBothNames() throws {
        let berlin = try policy("holidays:DE-BE")
        #expect(try berlin.canSelect(day(2027, 10, 3), context: context)
            == .denied(reason: "German Unity Day (Tag der Deutschen Einheit)"))
        // International Women's Day is a holiday in Berlin only.
        #expect(try berlin.canSelect(day(2027, 3, 8), context: context) == .denied(reason: "Women's Day (Frauentag)"))
        #expect(try policy("holidays:DE-BY").canSelect(day(2027, 3, 8), context: context) == .allowed)
        #expect(try berlin.canSelect(day(2027, 3, 9), context: context) == .allowed)
    }

    @Test func marketHalfDaysAreDecoratedAndSelectable() throws {
        let nyse = try policy("holidays:XNYS")
        #expect(try nyse.canSelect(day(2026, 11, 27), context: context) == .allowed)
        #expect(try nyse.decoration(for: day(2026, 11, 27), context: context)?.label
            == "Day after Thanksgiving Day (markets close at 1:00pm)")
        #expect(try nyse.canSelect(day(2026, 11, 26), context: context) == .denied(reason: "Thanksgiving Day"))
    }

    @Test func daysPastTheDataAreDeniedNotAllowed() throws {
        #expect(try policy("holidays:DE").canSelect(day(2061, 1, 5), context: context)
            == .denied(reason: "no holiday data for 2061 (data covers 2000–2060)"))
        // India's Hindu-calendar holidays stop after 2035: so does the coverage.
        #expect(try policy("holidays:IN").canSelect(day(2036, 6, 1), context: context)
            == .denied(reason: "no holiday data for 2036 (data covers 2000–2035)"))
    }

    @Test func weekendsFollowTheirHistory() throws {
        let emirates = try policy("weekends:AE")
        #expect(try emirates.canSelect(day(2021, 12, 31), context: context) == .denied(reason: "weekend"))  // Friday
        #expect(try emirates.canSelect(day(2022, 1, 7), context: context) == .allowed)  // Friday
        #expect(try emirates.canSelect(day(2022, 1, 9), context: context) == .denied(reason: "weekend"))  // Sunday
        // China works some weekend days in place of days off.
        let china = try policy("weekends:CN")
        #expect(try china.canSelect(day(2020, 1, 19), context: context) == .allowed)
        #expect(try china.decoration(for: day(2020, 1, 19), context: context)?.label?.hasPrefix("working") == true)
    }

    @Test func unknownNamesSuggestTheNearest() {
        #expect(throws: HolidayDataError("unknown subdivision 'DE-BX'; did you mean 'DE-BB', 'DE-BE' or 'DE-BW'? "
            + "(calpolicy holidays DE lists them)")) { try HolidayReference("holidays:DE-BX", data: data) }
        #expect(throws: HolidayDataError("unknown category 'publik' for DE; did you mean 'public'? "
            + "(DE has public, catholic, school)")) { try HolidayReference("holidays:DE:publik", data: data) }
        #expect(throws: HolidayDataError.self) { try HolidayReference("holidays:", data: data) }
    }

    @Test func aDamagedFileNamesItsLine() {
        let bytes = Array("entity\tZZ\tNowhere\tcountry\nholidays\tdate\n2027-13-01\tpublic\t*\tX\t\t\t\t\n".utf8)
        #expect(throws: HolidayDataError("zz.tsv:3: expected a date YYYY-MM-DD; regenerate it with "
            + "scripts/holidays/generate.py")) { try HolidayFileParser.parse(bytes, file: "zz.tsv") }
    }
}
