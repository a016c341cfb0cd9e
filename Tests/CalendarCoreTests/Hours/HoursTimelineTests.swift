import Foundation
import Testing
@testable import CalendarCore

@Suite struct HoursTimelineTests {
    func utc(_ text: String) -> Int64 {
        Int64(ISO8601DateFormatter().date(from: text)!.timeIntervalSince1970)
    }

    func zone(_ name: String) -> ZoneWallTime { ZoneWallTime.system(name)! }

    @Test func weeklyWindowCrossingUTCMidnightAcrossTheDateLine() throws {
        // Monday 06:00–10:00 in Pacific/Auckland (NZDT, +13:00) is Sunday 17:00–21:00 UTC: the
        // window lies on the UTC day before, and a stack in UTC sees it on Sunday.
        let auckland = HoursTimeline.Layer(wall: zone("Pacific/Auckland")) { day in
            day.weekday == 2 ? [ClosedHours(from: 360, to: 600, reason: "Monday change window")] : []
        }
        let timeline = HoursTimeline(layers: [auckland])
        let sunday = utc("2027-01-10T16:59:00Z") // a Sunday in UTC, Monday in Auckland
        #expect(try !timeline.state(at: sunday).isClosed)
        #expect(try timeline.state(at: sunday).until == utc("2027-01-10T17:00:00Z"))
        let inside = try timeline.state(at: utc("2027-01-10T20:59:00Z"))
        #expect(inside.isClosed && inside.closing?.reason == "Monday change window")
        #expect(inside.until == utc("2027-01-10T21:00:00Z"))
        let pieces = try timeline.closedPieces(from: utc("2027-01-10T00:00:00Z"), to: utc("2027-01-11T00:00:00Z"))
        #expect(pieces.map { [$0.start, $0.end] } == [[utc("2027-01-10T17:00:00Z"), utc("2027-01-10T21:00:00Z")]])
    }

    @Test func weeklyWindowCrossingUTCMidnightWestOfGreenwich() throws {
        // Friday 20:00–23:00 in America/Los_Angeles (PST) is 04:00–07:00 UTC on Saturday.
        let layer = HoursTimeline.Layer(wall: zone("America/Los_Angeles")) { day in
            day.weekday == 6 ? [ClosedHours(from: 1200, to: 1380, reason: "Friday night")] : []
        }
        let timeline = HoursTimeline(layers: [layer])
        let state = try timeline.state(at: utc("2027-01-09T04:00:00Z"))
        #expect(state.isClosed && state.until == utc("2027-01-09T07:00:00Z"))
    }

    @Test func firstClosingLayerGivesTheReasonAndAdjacentClosedTimeMerges() throws {
        let berlin = zone("Europe/Berlin")
        let first = HoursTimeline.Layer(wall: berlin) { _ in [ClosedHours(from: 720, to: 900, reason: "first")] }
        let second = HoursTimeline.Layer(wall: berlin) { _ in [ClosedHours(from: 600, to: 780, reason: "second")] }
        let timeline = HoursTimeline(layers: [first, second])
        let atEleven = try timeline.state(at: utc("2027-01-12T10:00:00Z")) // 11:00 CET
        #expect(atEleven.closing?.reason == "second" && atEleven.closing?.policyIndex == 1)
        #expect(atEleven.until == utc("2027-01-12T14:00:00Z")) // 15:00 CET: both merged
        let atOne = try timeline.state(at: utc("2027-01-12T12:00:00Z")) // 13:00 CET: both closed
        #expect(atOne.closing?.reason == "first")
    }

    @Test func closedAllDayRunsMergeAcrossMidnight() throws {
        let layer = HoursTimeline.Layer(wall: zone("Asia/Kolkata")) { day in
            day.month == 12 && day.day >= 24 ? [.allDay(reason: "freeze")] : []
        }
        let timeline = HoursTimeline(layers: [layer])
        let state = try timeline.state(at: utc("2026-12-26T00:00:00Z"))
        #expect(state.isClosed && state.until == utc("2026-12-31T18:30:00Z")) // 2027-01-01 00:00 IST
    }

    @Test func nothingClosedWithinAYearHasNoUntil() throws {
        let timeline = HoursTimeline(layers: [HoursTimeline.Layer(wall: .utc) { _ in [] }])
        let state = try timeline.state(at: utc("2026-01-01T00:00:00Z"))
        #expect(!state.isClosed && state.until == nil)
    }

    @Test func aFailingLayerIsAnError() {
        struct Broken: Error {}
        let timeline = HoursTimeline(layers: [HoursTimeline.Layer(wall: .utc) { _ in throw Broken() }])
        #expect(throws: Broken.self) { try timeline.state(at: 0) }
    }
}
