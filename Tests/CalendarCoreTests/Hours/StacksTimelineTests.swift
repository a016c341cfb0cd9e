import Testing
@testable import CalendarCore

/// Several stacks as closed time: "all open" is where no stack is closed, "any open" where some
/// stack is open; the next window of either, of at least a length, across window edges.
@Suite struct StacksTimelineTests {
    /// Office hours 09:00-17:00 every day in a zone `offset` hours east of UTC.
    static func office(_ offset: Int, weekendClosed: Bool = false) -> HoursTimeline {
        let wall = ZoneWallTime(identifier: "Fixed\(offset)", rules: .fixed(offset * 3600))
        return HoursTimeline(layers: [HoursTimeline.Layer(wall: wall) { day in
            if weekendClosed, day.weekday == 7 || day.weekday == 1 { return [.allDay(reason: "weekend")] }
            return [ClosedHours(from: 0, to: 9 * 60, reason: "night"), ClosedHours(from: 17 * 60, to: 1440, reason: "night")]
        }])
    }

    static let jan1: Int64 = 1_767_225_600 // 2026-01-01T00:00:00Z, a Thursday
    static let hour: Int64 = 3600

    @Test func allOpenIsWhereNoStackIsClosed() throws {
        // UTC 09-17 and UTC+5 09-17 (04-12 UTC): all open 09-12 UTC each day.
        let both = StacksTimeline(stacks: [Self.office(0), Self.office(5)])
        let windows = try both.open(from: Self.jan1, to: Self.jan1 + 48 * Self.hour, coverage: .all)
        #expect(windows == [.init(start: Self.jan1 + 9 * Self.hour, end: Self.jan1 + 12 * Self.hour),
                            .init(start: Self.jan1 + 33 * Self.hour, end: Self.jan1 + 36 * Self.hour)])
    }

    @Test func anyOpenIsWhereSomeStackIsOpenAndTheRestIsUncovered() throws {
        let both = StacksTimeline(stacks: [Self.office(0), Self.office(5)])
        let uncovered = try both.closed(from: Self.jan1, to: Self.jan1 + 24 * Self.hour, coverage: .any)
        #expect(uncovered.map { [$0.start - Self.jan1, $0.end - Self.jan1] }
                    == [[0, 4 * Self.hour], [17 * Self.hour, 24 * Self.hour]])
        let open = try both.open(from: Self.jan1, to: Self.jan1 + 24 * Self.hour, coverage: .any)
        #expect(open == [.init(start: Self.jan1 + 4 * Self.hour, end: Self.jan1 + 17 * Self.hour)])
    }

    @Test func theNextWindowHonoursItsMinimumLength() throws {
        let both = StacksTimeline(stacks: [Self.office(0), Self.office(5)])
        let year: Int64 = 366 * 86_400
        #expect(try both.next(at: Self.jan1, coverage: .all, limit: year)
                    == .init(start: Self.jan1 + 9 * Self.hour, end: Self.jan1 + 12 * Self.hour))
        // Inside a window: it starts now.
        #expect(try both.next(at: Self.jan1 + 10 * Self.hour, coverage: .all, limit: year)?.start == Self.jan1 + 10 * Self.hour)
        #expect(try both.next(at: Self.jan1, minimum: 3 * Self.hour, coverage: .all, limit: year)?.start == Self.jan1 + 9 * Self.hour)
        // No common window is 4 hours long.
        #expect(try both.next(at: Self.jan1, minimum: 4 * Self.hour, coverage: .all, limit: 30 * 86_400) == nil)
        #expect(try both.next(at: Self.jan1, minimum: 13 * Self.hour, coverage: .any, limit: year)
                    == .init(start: Self.jan1 + 4 * Self.hour, end: Self.jan1 + 17 * Self.hour))
    }

    /// A window carried across the search's window edges: open from Friday 17:00 through the
    /// weekend is one run when only the closing stack is closed on weekdays.
    @Test func aLongWindowIsFoundAcrossTheSearchsEdges() throws {
        // One stack closed 00:00-24:00 on weekdays only (open the whole weekend): a 48-hour window.
        let weekdaysClosed = HoursTimeline(layers: [HoursTimeline.Layer(wall: .utc) { day in
            day.weekday == 7 || day.weekday == 1 ? [] : [.allDay(reason: "weekday")]
        }])
        let timeline = StacksTimeline(stacks: [weekdaysClosed])
        let window = try #require(try timeline.next(at: Self.jan1, minimum: 47 * Self.hour, coverage: .all, limit: 30 * 86_400))
        #expect(window == .init(start: Self.jan1 + 2 * 86_400, end: Self.jan1 + 4 * 86_400)) // Sat 3 Jan - Mon 5 Jan
        #expect(try timeline.next(at: Self.jan1, minimum: 49 * Self.hour, coverage: .all, limit: 60 * 86_400) == nil)
    }

    @Test func withNoStacksEveryInstantIsOpenForAll() throws {
        let none = StacksTimeline(stacks: [])
        #expect(try none.closed(from: 0, to: 100, coverage: .all).isEmpty)
        #expect(try none.next(at: 0, coverage: .all, limit: 100) == .init(start: 0, end: nil))
    }
}
