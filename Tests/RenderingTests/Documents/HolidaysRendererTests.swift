import CalendarData
import Testing
@testable import Rendering

/// `calpolicy holidays CODE`: the summary states the zone a reference closes its days in.
@Suite struct HolidaysRendererTests {
    static let folder = String(#filePath.prefix(upTo: #filePath.range(of: "/Tests/")!.lowerBound)) + "/data/holidays"
    let data = HolidayData(folder: HolidaysRendererTests.folder)

    @Test func aMarketStatesItsExchangesZone() throws {
        let summary = HolidaysRenderer.summary(try data.country("XNYS"), subdivision: nil)
        #expect(summary.contains("\nzone\tAmerica/New_York (the exchange's"), "\(summary)")
    }

    @Test func aCountryStatesThatItHasNoneAndHowToGiveOne() throws {
        let summary = HolidaysRenderer.summary(try data.country("DE"), subdivision: "BE")
        #expect(summary.contains("\nzone\tnone (its days close at the stack zone's midnight; give one with @ZONE: holidays:DE-BE@Area/City)"),
                "\(summary)")
    }
}
