import CalendarCore
import Testing
@testable import PolicyEngine

/// `cal.ics` reads timed events back as hours: each occurrence's wall minutes in its own zone,
/// and `events:hoursOn(day)` as hoursFor takes them (scripts/checks/gate.sh round-trips a year
/// of the iCalendar export through it).
@Suite struct CalICSHoursTests {
    let fixture = PolicyFixture()

    static let calendar = """
        BEGIN:VCALENDAR\r
        VERSION:2.0\r
        PRODID:-//t//t//EN\r
        BEGIN:VEVENT\r
        UID:night@t\r
        DTSTART;TZID=Europe/Berlin:20261224T220000\r
        DTEND;TZID=Europe/Berlin:20261225T013000\r
        SUMMARY:Night change\r
        END:VEVENT\r
        BEGIN:VEVENT\r
        UID:utc@t\r
        DTSTART:20261226T090000Z\r
        DTEND:20261226T091500Z\r
        SUMMARY:Quarter hour\r
        END:VEVENT\r
        BEGIN:VEVENT\r
        UID:day@t\r
        DTSTART;VALUE=DATE:20261227\r
        SUMMARY:All day\r
        END:VEVENT\r
        END:VCALENDAR\r

        """

    func policy() throws -> LuaPolicy {
        fixture.write(Self.calendar, name: "night.ics")
        return try fixture.load("""
            local events = cal.ics("night.ics")
            return {
              zone = "Europe/Berlin",
              hoursFor = function(day) return events:hoursOn(day) end,
              decorationFor = function(day)
                local o = events:on(day)[1]
                if o and not o.allDay then
                  return { label = o.zone .. " " .. o.startMinute .. "-" .. o.endMinute }
                end
              end,
            }
            """)
    }

    @Test func timedOccurrencesCarryWallMinutesInTheirZone() throws {
        let policy = try policy()
        let context = PolicyContext()
        #expect(try policy.decoration(for: Day(iso: "2026-12-24"), context: context)?.label == "Europe/Berlin 1320-1530")
        #expect(try policy.decoration(for: Day(iso: "2026-12-26"), context: context)?.label == "UTC 540-555")
        #expect(try policy.decoration(for: Day(iso: "2026-12-27"), context: context) == nil)
    }

    @Test func hoursOnSplitsAnEventAtMidnightAndSkipsAllDayOnes() throws {
        let policy = try policy()
        let context = PolicyContext()
        #expect(try policy.closedHours(for: Day(iso: "2026-12-24"), context: context)
            == [ClosedHours(from: 1320, to: 1440, reason: "Night change")])
        #expect(try policy.closedHours(for: Day(iso: "2026-12-25"), context: context)
            == [ClosedHours(from: 0, to: 90, reason: "Night change")])
        #expect(try policy.closedHours(for: Day(iso: "2026-12-27"), context: context).isEmpty)
    }
}
