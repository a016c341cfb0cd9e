import CalendarCore
import Testing
@testable import PolicyEngine

/// What a policy function returns is checked; anything else is a `type` error that
/// names the function, the day and what came back.
@Suite struct LuaPolicyResultTests {
    let fixture = PolicyFixture()
    let day = Day.at("2026-03-02")

    /// The error a policy whose `function` returns `returns` throws when asked about `day`.
    private func resultError(_ function: String, returning returns: String) throws -> PolicyError? {
        let policy = try fixture.load("function \(function)(day)\n  return \(returns)\nend")
        return PolicyFixture.error {
            if function == "decorationFor" {
                _ = try policy.decoration(for: day, context: PolicyContext())
            } else {
                _ = try policy.canSelect(day, context: PolicyContext())
            }
        }
    }

    @Test(arguments: [
        ("canSelect", "'yes'", "canSelect must return a boolean, got string 'yes'"),
        ("canSelect", "1", "canSelect must return a boolean, got number 1"),
        ("canSelect", "nil", "canSelect must return a boolean, got nil"),
        ("canSelect", "{}", "canSelect must return a boolean, got table"),
        ("canSelect", "false, 42", "the reason must be a string, got number 42"),
        ("canSelect", "false, string.rep('x', 5000)", "the reason is too long (5000 bytes, at most 4096)"),
        ("decorationFor", "'red'", "decorationFor must return a table or nil, got string 'red'"),
        ("decorationFor", "{ kind = 'sparkle' }", "decoration kind must be 'default', 'image' or 'custom', got 'sparkle'"),
        ("decorationFor", "{ size = 'huge' }", "decoration size must be 'small', 'medium' or 'large', got 'huge'"),
        ("decorationFor", "{ label = 3 }", "decoration label must be a string, got number 3"),
        ("decorationFor", "{ colour = 'red' }",
         "decorationFor returned an unknown field 'colour' (expected kind, label, color, image, size)"),
        ("decorationFor", "{ 'red' }",
         "decorationFor returned a table with a number key (expected kind, label, color, image, size)"),
    ])
    func wrongResultTypesAreTypeErrors(_ example: (function: String, returns: String, message: String)) throws {
        let error = try resultError(example.function, returning: example.returns)
        #expect(error?.kind == .type)
        #expect(error?.message == example.message)
        #expect(error?.function == example.function)
        #expect(error?.day == day)
        #expect(error?.line == 1)
        #expect(error?.description.contains("(in \(example.function) for 2026-03-02)") == true)
    }

    @Test func presentFunctionReturningNothingIsAnError() throws {
        let policy = try fixture.load("function canDeselect(day)\n  local forgot = true\nend")
        let error = PolicyFixture.error { _ = try policy.canDeselect(day, context: PolicyContext()) }
        #expect(error?.kind == .type)
        #expect(error?.message == "canDeselect returned nothing; return true, or false and a reason")
    }

    @Test func trueWithAReasonIsAllowedAndFalseAloneHasNoReason() throws {
        let policy = try fixture.load("function canSelect(day) if day.day == 1 then return false end return true, 'ignored' end")
        #expect(try policy.canSelect(.at("2026-03-01"), context: PolicyContext()) == .denied(reason: nil))
        #expect(try policy.canSelect(.at("2026-03-02"), context: PolicyContext()) == .allowed)
    }

    @Test func decorationDefaultsToKindDefaultAndNilMeansNone() throws {
        let policy = try fixture.load("function decorationFor(day) if day.day == 2 then return { label = 'pay' } end end")
        #expect(try policy.decoration(for: day, context: PolicyContext()) == Decoration(kind: .default, label: "pay"))
        #expect(try policy.decoration(for: .at("2026-03-03"), context: PolicyContext()) == nil)
    }

    @Test func hostileMetamethodsOnResultsDoNotRun() throws {
        let policy = try fixture.load("""
            function decorationFor()
              return setmetatable({ label = 'plain' }, { __index = function() while true do end end,
                                                         __pairs = function() error('no') end })
            end
            function canSelect()
              error(setmetatable({}, { __tostring = function() while true do end end }))
            end
            """)
        // A decoration behind a metatable is refused (raw reading would skip what __index holds),
        // without running its metamethods.
        let decoration = PolicyFixture.error { _ = try policy.decoration(for: day, context: PolicyContext()) }
        #expect(decoration?.kind == .type)
        #expect(decoration?.message.contains("decorationFor returned a table with a metatable") == true)
        let error = PolicyFixture.error { _ = try policy.canSelect(day, context: PolicyContext()) }
        #expect(error?.kind == .runtime)
        #expect(error?.message == "error object is a table value")
    }

    @Test func policyFieldOfTheWrongTypeFailsAtLoad() {
        let error = PolicyFixture.error { _ = try fixture.load("return { canSelect = true }") }
        #expect(error?.kind == .type)
        #expect(error?.message == "'canSelect' must be a function, got boolean")
        let other = PolicyFixture.error { _ = try fixture.load("return 42") }
        #expect(other?.message == "a policy must return a table or nothing, got number")
    }

    @Test func unknownDayFieldIsARuntimeErrorNamingTheField() throws {
        let policy = try fixture.load("function canSelect(day)\n  return day.weekDay == 1\nend")
        let error = PolicyFixture.error { _ = try policy.canSelect(day, context: PolicyContext()) }
        #expect(error?.kind == .runtime)
        #expect(error?.line == 2)
        #expect(error?.message.hasPrefix("day has no field 'weekDay'") == true)
    }
}
