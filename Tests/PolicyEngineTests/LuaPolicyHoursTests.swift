import CalendarCore
import Testing
@testable import PolicyEngine

/// `hoursFor`, `cal.closed`, `cal.openOnly` and `zone =` through real Lua: every malformed
/// answer is a policy error naming the file and a line, never an open day.
@Suite struct LuaPolicyHoursTests {
    let fixture = PolicyFixture()
    let context = PolicyContext()
    let friday = try! Day(iso: "2026-12-04")

    @Test func closedAndOpenOnlyAreWallMinutes() throws {
        let policy = try fixture.load("""
            return {
              zone = "Europe/Berlin",
              hoursFor = function(day)
                if day.weekday == cal.FRIDAY then return { cal.closed("15:00", "24:00", "no Friday deploys") } end
                return cal.openOnly("09:00", "17:30", "outside deploy hours")
              end,
            }
            """)
        #expect(policy.definesHours && policy.zoneName == "Europe/Berlin")
        #expect(try policy.closedHours(for: friday, context: context)
            == [ClosedHours(from: 900, to: 1440, reason: "no Friday deploys")])
        #expect(try policy.closedHours(for: Day(iso: "2026-12-03"), context: context)
            == [ClosedHours(from: 0, to: 540, reason: "outside deploy hours"),
                ClosedHours(from: 1050, to: 1440, reason: "outside deploy hours")])
    }

    @Test func aPolicyWithOnlyHoursLoadsAndAnswersEveryDayOpenForCanSelect() throws {
        let policy = try fixture.load("return { hoursFor = function(day) return { cal.openOnly('00:00', '12:00') } end }")
        #expect(try policy.canSelect(friday, context: context) == .allowed)
        #expect(try policy.closedHours(for: friday, context: context) == [ClosedHours(from: 720, to: 1440)])
        #expect(policy.zoneName == nil)
    }

    @Test func aPolicyWithoutHoursForAnswersNoHours() throws {
        let policy = try fixture.load("return { canSelect = function(day) return true end }")
        #expect(!policy.definesHours)
        #expect(try policy.closedHours(for: friday, context: context).isEmpty)
    }

    @Test(arguments: [
        ("cal.closed('25:00', '26:00')", "from must be a time 'HH:MM' from 00:00 to 24:00, got '25:00'"),
        ("cal.closed('12:7', '13:00')", "got '12:7'"),
        ("cal.closed('13:00', '12:00')", "from '13:00' must be before to '12:00'"),
        ("cal.closed('13:00', '13:00')", "must be before"),
        ("cal.openOnly('09:00', '24:01')", "to must be a time"),
    ])
    func malformedTimesArePolicyErrorsAtThePolicysLine(call: String, message: String) throws {
        let error = PolicyFixture.error {
            let policy = try fixture.load("return {\n  hoursFor = function(day)\n    return { \(call) }\n  end,\n}\n")
            _ = try policy.closedHours(for: friday, context: context)
        }
        #expect(error?.line == 3)
        #expect(error?.message.contains(message) == true, "\(String(describing: error?.message))")
        #expect(error?.file.hasSuffix("policy.lua") == true)
    }

    @Test(arguments: [
        ("return 'closed'", "hoursFor must return a list of intervals or nil, got string 'closed'"),
        ("return { { from = 600, to = 500 } }", "from must be before to"),
        ("return { { from = 600, to = 1441 } }", "'to' is number 1441"),
        ("return { { from = '10:00', to = 700 } }", "'from' is string '10:00'"),
        ("return { 42 }", "number 42 as interval 1"),
        ("return { { from = 0, to = 60, reason = 7 } }", "an interval's reason must be a string"),
    ])
    func malformedAnswersAreTypeErrorsAtHoursFor(body: String, message: String) throws {
        let error = PolicyFixture.error {
            let policy = try fixture.load("return {\n  hoursFor = function(day)\n    \(body)\n  end,\n}\n")
            _ = try policy.closedHours(for: friday, context: context)
        }
        #expect(error?.kind == .type)
        #expect(error?.line == 2)
        #expect(error?.function == "hoursFor")
        #expect(error?.message.contains(message) == true, "\(String(describing: error?.message))")
    }

    @Test func anUnknownZoneIsRefusedAtLoadWithANearName() {
        let error = PolicyFixture.error {
            _ = try fixture.load("return {\n  zone = 'Europe/Berln',\n  hoursFor = function(day) end,\n}\n")
        }
        #expect(error?.line == 2)
        #expect(error?.message == "policy field 'zone': 'Europe/Berln': unknown time zone — did you mean 'Europe/Berlin'?")
    }

    @Test func hoursForSeesAnEmptySelection() throws {
        let policy = try fixture.load("""
            return { hoursFor = function(day, selection)
              if #selection ~= 0 then error("selection not empty") end
            end }
            """)
        let busy = PolicyContext(selection: [friday])
        #expect(try policy.closedHours(for: friday, context: busy).isEmpty)
    }
}
