import Foundation
import CalendarCore
import Testing
@testable import CalendarData

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

    @Test func aDamagedFileNamesItsLine() throws {
        let bytes = Array(("entity\tZZ\tNowhere\tcountry\nholidays\tdate\n2026-05-01\tpublic\t*\tX\t\t\t\t\n"
            + "2027-13-01\tpublic\t*\tX\t\t\t\t\n").utf8)
        // The rows are parsed a year at a time: 2026 reads, 2027 names its bad line when first asked.
        let country = try HolidayFileParser.parse(bytes, file: "zz.tsv")
        #expect(try country.entries(on: day(2026, 5, 1)).map(\.name) == ["X"])
        #expect(throws: HolidayDataError("zz.tsv:4: expected a date YYYY-MM-DD; regenerate it with "
            + "scripts/holidays/generate.py")) { try country.entries(on: day(2027, 1, 1)) }
        #expect(throws: HolidayDataError.self) { try country.validate() }
        #expect(throws: HolidayDataError("zz.tsv: no 'holidays' line; regenerate it with scripts/holidays/generate.py")) {
            try HolidayFileParser.parse(Array("entity\tZZ\tNowhere\tcountry\n".utf8), file: "zz.tsv")
        }
    }

    /// Data under CALPOLICY_DATA is the user's: a coverage or weekend span no `Day` can hold (year
    /// 0, past 9999, backwards) is a damaged line, never a trap when a policy is built from it.
    @Test func spansOutsideTheDaysADayHoldsAreDamagedLines() throws {
        for span in ["0\t2000", "2000\t10000", "-5\t2000", "2060\t2000", "1\t99999999999999999999"] {
            let bytes = Array("entity\tZZ\tNowhere\tcountry\ncategories\tpublic\ncoverage\t-\tpublic\t\(span)\n".utf8)
            #expect(throws: HolidayDataError("zz.tsv:3: expected two years 1 <= FIRST <= LAST <= 9999; "
                + "regenerate it with scripts/holidays/generate.py")) { try HolidayFileParser.parse(bytes, file: "zz.tsv") }
        }
        let backwards = Array("entity\tZZ\tNowhere\tcountry\nweekend\t-\t2020-01-01\t2019-01-01\tSat,Sun\n".utf8)
        #expect(throws: HolidayDataError.self) { try HolidayFileParser.parse(backwards, file: "zz.tsv") }
        // The widest span a file may state still builds a policy and answers its last day.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("zz-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try ("entity\tZZ\tNowhere\tcountry\ncategories\tpublic\ncoverage\t-\tpublic\t1\t9999\n"
            + "holidays\tdate\n9999-12-31\tpublic\t*\tLast\t\t\t\t\n").write(toFile: folder + "/ZZ.tsv", atomically: true, encoding: .utf8)
        try "ZZ\tNowhere\tcountry\t0\tpublic\ten\t1\t9999\n".write(toFile: folder + "/index.tsv", atomically: true, encoding: .utf8)
        let widest = HolidayData(folder: folder)
        let policy = try #require(try HolidayReference("holidays:ZZ", data: widest).policy(data: widest) as? HolidayPolicy)
        #expect(policy.covered == 1...9999)
        #expect(try policy.canSelect(day(9999, 12, 31), context: context) == .denied(reason: "Last"))
        #expect(try policy.canSelect(day(1, 1, 1), context: context) == .allowed)
    }

    /// A policy built around a reference its country no longer covers denies with that reason.
    @Test func aPolicyWithoutCoverageDeniesEveryDay() throws {
        let bytes = Array("entity\tZZ\tNowhere\tcountry\ncategories\tpublic\nholidays\tdate\n".utf8)
        let country = try HolidayFileParser.parse(bytes, file: "zz.tsv")
        let policy = HolidayPolicy(reference: try HolidayReference("holidays:DE", data: data), country: country)
        #expect(policy.covered == nil)
        #expect(try policy.canSelect(day(2026, 5, 1), context: PolicyContext())
            == .denied(reason: "no holiday data for 2026 (no data)"))
    }

    /// Lazily parsed years answer exactly as a parse of every row would: each of DE's rows is
    /// found on its day, and the days between hold nothing.
    @Test func everyRowIsFoundOnItsDay() throws {
        let country = try data.country("DE")
        try country.validate()
        let text = try String(contentsOfFile: HolidayPolicyTests.folder + "/DE.tsv", encoding: .utf8)
        var expected: [Int: Int] = [:]
        for line in text.split(separator: "\n").drop(while: { !$0.hasPrefix("holidays\t") }).dropFirst() {
            expected[try Day(iso: String(line.prefix(10))).dayNumber, default: 0] += 1
        }
        #expect(expected.values.reduce(0, +) == 8000)
        var found: [Int: Int] = [:]
        var day = self.day(1999, 12, 1)
        while day < self.day(2061, 2, 1) {
            let count = try country.entries(on: day).count
            if count > 0 { found[day.dayNumber] = count }
            day = day.adding(days: 1)
        }
        #expect(found == expected)
    }
}
