import CalendarCore
@testable import CalendarData
import Testing
@testable import PolicyEngine

/// A policy's coverage as the engine's tools read it (`check --horizon`, the gate's fail-closed end).
@Suite struct CoverageSpanTests {
    static let folder = String(#filePath.prefix(upTo: #filePath.range(of: "/Tests/")!.lowerBound)) + "/data/holidays"
    let data = HolidayData(folder: CoverageSpanTests.folder)

    /// A reference whose country covers none of its years has no coverage (it denies every day
    /// instead), never a span that would let a horizon check pass.
    @Test func aReferenceWithoutCoveredYearsHasNoCoverage() throws {
        let bytes = Array("entity\tZZ\tNowhere\tcountry\ncategories\tpublic\nholidays\tdate\n".utf8)
        let country = try HolidayFileParser.parse(bytes, file: "zz.tsv")
        let policy = HolidayPolicy(reference: try HolidayReference("holidays:DE", data: data), country: country)
        #expect(CoverageSpan.of(policy) == nil)
    }

    /// A covered reference's coverage is its data's years, first day to last.
    @Test func aCoveredReferenceCoversItsDataYears() throws {
        let policy = try HolidayReference("holidays:DE", data: data).policy(data: data)
        let span = try #require(CoverageSpan.of(policy))
        let covered = try #require((policy as? HolidayPolicy)?.covered)
        #expect(span.from == (try Day(year: covered.lowerBound, month: 1, day: 1)))
        #expect(span.to == (try Day(year: covered.upperBound, month: 12, day: 31)))
    }
}
