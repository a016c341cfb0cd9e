import Testing
@testable import CalendarCore

@Suite struct FreezeWindowTests {
    @Test func adjacentClosedTimeMergesWithItsReasonsOnce() {
        let pieces = [ClosedSpan(start: 0, end: 60, reason: "a", policyIndex: 0),
                      ClosedSpan(start: 60, end: 120, reason: "b", policyIndex: 1),
                      ClosedSpan(start: 120, end: 180, reason: "a", policyIndex: 0),
                      ClosedSpan(start: 300, end: 360, reason: nil, policyIndex: 0)]
        #expect(FreezeWindow.merge(pieces) == [FreezeWindow(start: 0, end: 180, reasons: ["a", "b"]),
                                               FreezeWindow(start: 300, end: 360, reasons: ["closed"])])
    }

    @Test func longWindowsSplitIntoPiecesCoveringTheSameTime() {
        let day: Int64 = 86_400
        let split = FreezeWindow.split([FreezeWindow(start: 0, end: 700 * day, reasons: ["x"])], limit: 300 * day)
        #expect(split.map { [$0.start / day, $0.end / day] } == [[0, 300], [300, 600], [600, 700]])
    }

    @Test func cronsNearADSTChangeStayInUTC() {
        let berlin = ZoneWallTime.system("Europe/Berlin")!
        let spring = try! Day(iso: "2026-03-29")
        #expect(FreezeWindow.cronZone(for: [berlin.instant(of: spring, minute: 90)], preferred: berlin).identifier == "UTC")
        #expect(FreezeWindow.cronZone(for: [berlin.instant(of: spring, minute: 360)], preferred: berlin).identifier
            == "Europe/Berlin")
        let quiet = berlin.instant(of: try! Day(iso: "2026-06-01"), minute: 600)
        #expect(FreezeWindow.cronZone(for: [quiet, berlin.instant(of: spring, minute: 0)], preferred: berlin)
            .identifier == "UTC")
    }

    @Test func cronFiresAtTheInstantsMinuteInTheZone() {
        let berlin = ZoneWallTime.system("Europe/Berlin")!
        let christmasEveNoon = berlin.instant(of: try! Day(iso: "2026-12-24"), minute: 720)
        #expect(FreezeWindow.cron(christmasEveNoon, in: .utc) == "0 11 24 12 *")
        #expect(FreezeWindow.cron(christmasEveNoon, in: berlin) == "0 12 24 12 *")
    }
}
