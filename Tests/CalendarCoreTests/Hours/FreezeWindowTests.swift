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

    /// Friday 15:00 to Monday 09:00 over each zone's two DST weekends of 2026: the wall-clock
    /// length (what Argo CD's `duration` means) is 66 h whatever the elapsed time.
    @Test(arguments: [("Europe/Berlin", "2026-03-27", "2026-03-30", Int64(-3600)),
                      ("Europe/Berlin", "2026-10-23", "2026-10-26", Int64(3600)),
                      ("America/New_York", "2026-03-06", "2026-03-09", Int64(-3600)),
                      ("America/New_York", "2026-10-30", "2026-11-02", Int64(3600)),
                      ("Australia/Sydney", "2026-04-03", "2026-04-06", Int64(3600)),
                      ("Australia/Sydney", "2026-10-02", "2026-10-05", Int64(-3600)),
                      ("Australia/Lord_Howe", "2026-10-02", "2026-10-05", Int64(-1800)),
                      ("Asia/Kolkata", "2026-03-27", "2026-03-30", Int64(0))])
    func aWindowsWallLengthIgnoresTheDSTChangeInside(zone: String, friday: String, monday: String, elapsedChange: Int64) {
        let wall = ZoneWallTime.system(zone)!
        let window = FreezeWindow(start: wall.instant(of: try! Day(iso: friday), minute: 900),
                                  end: wall.instant(of: try! Day(iso: monday), minute: 540), reasons: ["x"])
        #expect(window.end - window.start == 66 * 3600 + elapsedChange)
        #expect(FreezeWindow.wallLength(window, in: wall) == 66 * 3600)
        #expect(FreezeWindow.wallLength(window, in: .utc) == window.end - window.start)
    }

    @Test func cronFiresAtTheInstantsMinuteInTheZone() {
        let berlin = ZoneWallTime.system("Europe/Berlin")!
        let christmasEveNoon = berlin.instant(of: try! Day(iso: "2026-12-24"), minute: 720)
        #expect(FreezeWindow.cron(christmasEveNoon, in: .utc) == "0 11 24 12 *")
        #expect(FreezeWindow.cron(christmasEveNoon, in: berlin) == "0 12 24 12 *")
    }
}
