import CalendarCore
import Testing
@testable import PolicyEngine

/// `expect.closed`, `expect.open` and `expect.closedBetween`: a freeze written in hours, checked
/// at instants as `gate` answers them, with real Lua. Each expectation is tried where it holds and
/// where it must fail, at its line, with what was expected and what happened.
@Suite struct HoursExpectationTests {
    /// Year-end freeze in Berlin written in hours (Friday 18 December 15:00 to Monday 4 January
    /// 09:00), and Sundays denied whole in the stack's zone.
    private static let policies: [(String, String)] = [
        ("freeze.lua", """
        return {
            zone = "Europe/Berlin",
            hoursFor = function(day)
                local iso = day.iso
                if iso == "2026-12-18" then return { cal.closed("15:00", "24:00", "Year-end change freeze") } end
                if iso > "2026-12-18" and iso < "2027-01-04" then return { cal.closed("00:00", "24:00", "Year-end change freeze") } end
                if iso == "2027-01-04" then return { cal.closed("00:00", "09:00", "Year-end change freeze") } end
                if iso == "2026-03-29" then return { cal.closed("02:30", "03:30", "spring-forward maintenance") } end
            end,
        }
        """),
        ("sundays.lua", """
        return { canSelect = function(day) if day.weekday == 1 then return false, "no Sunday deploys" end return true end }
        """),
    ]

    private func run(_ body: String, zone: String? = "America/New_York") throws -> PolicyTestReport {
        let fixture = PolicyFixture()
        for (name, source) in Self.policies { fixture.write(source, name: name) }
        let header = "test.policies { \"freeze.lua\", \"sundays.lua\" }\n" + (zone.map { "test.zone \"\($0)\"\n" } ?? "")
        fixture.write(header + body, name: "hours_test.lua")
        return try PolicyTestRunner.run([fixture.directory], options: .init())
    }

    @Test func expectationsThatHold() throws {
        let report = try run("""
        test("freeze", function()
            expect.open("2026-12-18T14:59:59+01:00")
            expect.closed("2026-12-18T15:00:00+01:00", "Year-end")
            expect.closed("2026-12-31T23:59:00Z")
            expect.closedBetween("2026-12-18T15:00:00+01:00", "2027-01-04T09:00:00+01:00", "freeze")
            expect.open("2027-01-04T09:00:00+01:00")
            -- Sunday 10 January in New York (the test's zone), closed by sundays.lua all day.
            expect.closed("2027-01-10T00:00:00-05:00", "Sunday")
            expect.open("2027-01-09T23:59:59-05:00")
            -- A wall time in the DST gap closes from the change: 03:15 CEST is closed.
            expect.closed("2026-03-29T03:15:00+02:00", "maintenance")
            expect.closedBetween("2026-03-29T01:00:00Z", "2026-03-29T01:30:00Z")
        end)
        """)
        #expect(report.failedCount == 0, "\(report.results)")
    }

    @Test func eachExpectationFailsWhenItShould() throws {
        let report = try run("""
        test("wrong", function()
            expect.closed("2026-12-18T14:59:00+01:00")
            expect.open("2026-12-24T12:00:00+01:00")
            expect.closed("2026-12-24T12:00:00+01:00", "Christmas")
            expect.closedBetween("2026-12-18T12:00:00+01:00", "2026-12-19T00:00:00+01:00")
            expect.closedBetween("2026-12-18T15:00:00+01:00", "2027-01-04T10:00:00+01:00")
            expect.closed("2026-12-24T12:00:00")
            expect.closedBetween("2026-12-20T00:00:00Z", "2026-12-19T00:00:00Z")
        end)
        """)
        let failures = report.results.first?.failures ?? []
        #expect(failures.map(\.line) == [4, 5, 6, 7, 8, 9, 10], "\(failures)")
        guard failures.count == 7 else { return }
        #expect(failures[0].actual == "open until 2026-12-18T09:00:00-05:00")
        #expect(failures[1].expected == "open at 2026-12-24T06:00:00-05:00")
        #expect(failures[1].actual.hasPrefix("closed by freeze.lua: 'Year-end change freeze' until "))
        #expect(failures[2].expected.hasSuffix("with a reason containing 'Christmas'"))
        #expect(failures[3].actual == "open at 2026-12-18T06:00:00-05:00")
        #expect(failures[4].actual == "open at 2027-01-04T03:00:00-05:00")
        #expect(failures[5].expected.hasPrefix("an instant with an offset"))
        #expect(failures[6].expected == "a span whose start is before its end")
    }

    @Test func theStacksZoneDefaultsToUTCAndAnUnknownZoneIsAnError() throws {
        // Without test.zone, sundays.lua closes Sunday in UTC.
        let utc = try run("""
        test("utc", function()
            expect.closed("2027-01-10T00:00:00Z")
            expect.open("2027-01-09T23:59:59Z")
        end)
        """, zone: nil)
        #expect(utc.failedCount == 0, "\(utc.results)")
        #expect(throws: PolicyError.self) {
            _ = try run("test('x', function() expect.open('2027-01-09T00:00:00Z') end)", zone: "Europe/Berln")
        }
    }

    @Test func malformedArgumentsFailTheTestAtTheirLine() throws {
        let report = try run("""
        test("types", function()
            expect.closed(42)
        end)
        test("reason", function()
            expect.closedBetween("2026-12-18T15:00:00+01:00", "2026-12-19T15:00:00+01:00", {})
        end)
        """)
        #expect(report.results.count == 2)
        #expect(report.results.allSatisfy { !$0.failures.isEmpty })
        #expect(report.results.map { $0.failures.first?.line } == [4, 7])
    }
}
