import CalendarCore
import Foundation
import Testing
@testable import PolicyEngine

/// `cal.ics` as the engine runs it: files beside the policy, parsed by libical on the host
/// (CICalFeed), answered per day and per span. scripts/checks/ics-import.sh compares every
/// feature with Python's icalendar day by day; these pin the API and its refusals.
@Suite struct CalICSTests {
    let fixture = PolicyFixture()
    let context = PolicyContext()

    static let calendar = """
        BEGIN:VCALENDAR\r
        VERSION:2.0\r
        PRODID:-//t//t//EN\r
        BEGIN:VEVENT\r
        UID:closure@t\r
        DTSTART;VALUE=DATE:20261224\r
        DTEND;VALUE=DATE:20261227\r
        SUMMARY:Closed\\, sorry\r
        DESCRIPTION:Two\\nlines\r
        CATEGORIES:closure,holiday\r
        END:VEVENT\r
        BEGIN:VEVENT\r
        UID:weekly@t\r
        DTSTART;TZID=Asia/Tokyo:20261201T080000\r
        RRULE:FREQ=WEEKLY\r
        SUMMARY:Tokyo standup\r
        END:VEVENT\r
        END:VCALENDAR\r

        """

    static let reader = """
        local feed = cal.ics("closures.ics")
        return {
          canSelect = function(day)
            local list = feed:on(day)
            if #list == 0 then return true end
            local o = list[1]
            return false, o.summary .. "|" .. o.description .. "|" .. o.uid .. "|"
              .. table.concat(o.categories, "+") .. "|" .. o.first .. ".." .. o.last .. "|" .. tostring(o.allDay)
          end,
          decorationFor = function(day)
            local n = #feed:between(day.dayNumber - 6, day.iso)
            return { label = tostring(n) }
          end,
        }
        """

    @Test func anAllDayEventAnswersEachOfItsDaysWithItsFields() throws {
        fixture.write(CalICSTests.calendar, name: "closures.ics")
        let policy = try fixture.load(CalICSTests.reader)
        let expected = Verdict.denied(reason: "Closed, sorry|Two\nlines|closure@t|closure+holiday|2026-12-24..2026-12-26|true")
        for iso in ["2026-12-24", "2026-12-25", "2026-12-26"] {
            #expect(try policy.canSelect(.at(iso), context: context) == expected, "\(iso)")
        }
        #expect(try policy.canSelect(.at("2026-12-27"), context: context) == .allowed)
        #expect(try policy.canSelect(.at("2026-12-23"), context: context) == .allowed)
    }

    @Test func aTimedEventFallsOnItsDayInItsOwnZone() throws {
        fixture.write(CalICSTests.calendar, name: "closures.ics")
        let policy = try fixture.load(CalICSTests.reader)
        // 08:00 in Tokyo is the day before in UTC; the event is on Tuesdays, Tokyo time.
        #expect(try policy.canSelect(.at("2026-12-08"), context: context)
            == .denied(reason: "Tokyo standup||weekly@t||2026-12-08..2026-12-08|false"))
        #expect(try policy.canSelect(.at("2026-12-07"), context: context) == .allowed)
        #expect(try policy.canSelect(.at("2031-06-03"), context: context) != .allowed, "an endless rule, far ahead")
    }

    @Test func betweenListsTheOccurrencesTouchingASpan() throws {
        fixture.write(CalICSTests.calendar, name: "closures.ics")
        let policy = try fixture.load(CalICSTests.reader)
        // 2026-12-20...26: the closure and one standup (Tuesday the 22nd).
        #expect(try policy.decoration(for: .at("2026-12-26"), context: context)?.label == "2")
        #expect(try policy.decoration(for: .at("2026-12-12"), context: context)?.label == "1")
    }

    @Test func namesOutsideThePolicysFolderAreRefusedAtItsLine() throws {
        fixture.write(CalICSTests.calendar, name: "closures.ics")
        let cases: [(String, String)] = [
            ("../closures.ics", "climbs out with '..'"),
            ("sub/../../closures.ics", "climbs out with '..'"),
            ("/etc/hosts.ics", "an absolute path is refused"),
            ("closures.txt", "is not an .ics file"),
            ("", "is empty"),
            ("missing.ics", "does not exist in the policy's folder"),
        ]
        for (name, message) in cases {
            let error = PolicyFixture.error { _ = try fixture.load("local f = cal.ics(\"\(name)\")\nreturn {}") }
            #expect(error?.line == 1, "\(name)")
            #expect(error?.message.contains("cal.ics: ") == true && error?.message.contains(message) == true,
                    "\(name): \(error?.message ?? "no error")")
        }
    }

    @Test func aLinkOutOfTheFolderIsRefusedAndALinkInsideIsFollowed() throws {
        let outside = PolicyFixture()
        let target = outside.write(CalICSTests.calendar, name: "elsewhere.ics")
        try FileManager.default.createSymbolicLink(atPath: fixture.directory + "/out.ics", withDestinationPath: target)
        let error = PolicyFixture.error { _ = try fixture.load("local f = cal.ics('out.ics')\nreturn {}") }
        #expect(error?.message.contains("resolves outside the policy's folder") == true, "\(error?.message ?? "")")
        fixture.write(CalICSTests.calendar, name: "real.ics")
        try FileManager.default.createSymbolicLink(atPath: fixture.directory + "/closures.ics", withDestinationPath: "real.ics")
        let policy = try fixture.load(CalICSTests.reader)
        #expect(try policy.canSelect(.at("2026-12-25"), context: context) != .allowed)
    }

    @Test func aMalformedFileNamesItsLine() throws {
        fixture.write("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nno colon here\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n",
                      name: "bad.ics")
        let error = PolicyFixture.error { _ = try fixture.load("\nlocal f = cal.ics('bad.ics')\nreturn {}") }
        #expect(error?.line == 2)
        #expect(error?.message.contains("bad.ics:4: expected NAME:VALUE") == true, "\(error?.message ?? "")")
    }

    @Test func cannotBeCalledOnceThePolicyHasLoaded() throws {
        fixture.write(CalICSTests.calendar, name: "closures.ics")
        let policy = try fixture.load("return { canSelect = function() cal.ics('closures.ics') return true end }")
        #expect(throws: PolicyError.self) { try policy.canSelect(.at("2026-12-25"), context: context) }
    }

    @Test func aSpanOfMoreThan3660DaysIsRefused() throws {
        fixture.write(CalICSTests.calendar, name: "closures.ics")
        let policy = try fixture.load("""
            local feed = cal.ics("closures.ics")
            return { canSelect = function(day) return #feed:between("2020-01-01", "2030-12-31") == 0 end }
            """)
        let error = PolicyFixture.error { _ = try policy.canSelect(.at("2026-12-25"), context: context) }
        #expect(error?.message.contains("at most 3660 days") == true, "\(error?.message ?? "")")
        #expect(error?.line == 2)
    }

    @Test func aReloadPicksUpAChangedICSFileBesideAnUnchangedPolicy() throws {
        fixture.write(CalICSTests.calendar, name: "closures.ics")
        let path = fixture.write(CalICSTests.reader)
        let set = try PolicySet(paths: [path])
        let before = set.policies[0]
        #expect(set.reload().isEmpty)
        #expect(set.policies[0] === before, "nothing changed: the same policy keeps serving")
        #expect(!before.readFilesChanged())
        fixture.write(CalICSTests.calendar.replacingOccurrences(of: "Closed\\, sorry", with: "Shut"),
                      name: "closures.ics")
        #expect(before.readFilesChanged())
        #expect(set.reload().isEmpty)
        #expect(set.policies[0] !== before)
        #expect(try set.policies[0].canSelect(.at("2026-12-25"), context: context)
            == .denied(reason: "Shut|Two\nlines|closure@t|closure+holiday|2026-12-24..2026-12-26|true"))
    }
}
