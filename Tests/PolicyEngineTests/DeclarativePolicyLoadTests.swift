import CalendarCore
import Testing
@testable import PolicyEngine

/// A declarative file (`.yaml`, `.yml`, `.json`) loads as a `LuaPolicy` answered by the engine's
/// fixed Lua: each key means what the Lua field or function means, errors the engine finds in the
/// values point at the file's line and column, and a reload sees an edit.
@Suite struct DeclarativePolicyLoadTests {
    let fixture = PolicyFixture()

    func load(_ text: String, name: String = "freeze.yaml") throws -> LuaPolicy {
        try fixture.load(text, name: name)
    }

    @Test func keysMeanWhatTheLuaFunctionsMean() throws {
        let policy = try load("""
        zone: Europe/Berlin
        closed:
          - from: 2026-12-18T15:00
            to: 2026-12-21T09:00
            reason: freeze
        weekly:
          - days: [fri]
            from: "15:00"
            reason: Friday
        dates:
          - 2026-11-02
        decorations:
          - closed: true
            color: red
        """)
        #expect(policy.isDeclarative && policy.zoneName == "Europe/Berlin" && policy.definesHours)
        let context = PolicyContext()
        #expect(try policy.canSelect(Day.at("2026-12-19"), context: context) == .denied(reason: "freeze"))
        #expect(try policy.canSelect(Day.at("2026-12-18"), context: context) == .allowed)
        #expect(try policy.canSelect(Day.at("2026-11-02"), context: context) == .denied(reason: nil))
        #expect(try policy.closedHours(for: Day.at("2026-12-18"), context: context)
                == [ClosedHours(from: 900, to: 1440, reason: "freeze"), ClosedHours(from: 900, to: 1440, reason: "Friday")])
        #expect(try policy.closedHours(for: Day.at("2026-12-21"), context: context)
                == [ClosedHours(from: 0, to: 540, reason: "freeze")])
        #expect(try policy.decoration(for: Day.at("2026-12-20"), context: context)?.label == "freeze")
        #expect(try policy.decoration(for: Day.at("2026-12-22"), context: context) == nil)
    }

    @Test func scopeAndOverridableAreTheLuaPolicysData() throws {
        let policy = try load("""
        {"scope": {"environment": ["production"]}, "overridable": false, "dates": ["2026-12-24"]}
        """, name: "hard.json")
        #expect(policy.overridable == .hardFreeze)
        var production = DecisionContext(), staging = DecisionContext()
        try production.set("environment", "production")
        try staging.set("environment", "staging")
        #expect(policy.scope?.isOutside(production) == false)
        #expect(policy.scope?.isOutside(staging) == true)
    }

    @Test func errorsPointAtTheFile() {
        let typo = PolicyFixture.error { _ = try load("dates: [2026-12-24]\nclosed:\n  - from: 2026-12-24\n    form: x\n") }
        #expect(typo?.kind == .type)
        #expect(typo?.description.hasSuffix("freeze.yaml:4:5: closed[0].form: unknown key; did you mean 'from'?") == true)
        let place = PolicyFixture.error { _ = try load("dates: [2026-12-24]\nholidays:\n  - US\n  - place: XX\n") }
        #expect(place?.line == 4 && place?.column == 5, "\(String(describing: place))")
        #expect(place?.message.hasPrefix("holidays[1]: cal.holidays: unknown") == true, "\(String(describing: place))")
        let control = PolicyFixture.error { _ = try load("scope:\n  environment: \"a\\u0001b\"\ndates: [2026-12-24]\n") }
        #expect(control?.line == 2 && control?.message == "scope.environment: holds a control character",
                "\(String(describing: control))")
    }

    @Test func aReloadSeesAnEdit() throws {
        let path = fixture.write("weekly: {days: fri}\n", name: "live.yml")
        let set = try PolicySet(paths: [path])
        #expect(set.policies[0].isDeclarative)
        _ = fixture.write("weekly: {days: thu, reason: Thursday}\n", name: "live.yml")
        #expect(set.reload().isEmpty)
        #expect(try set.policies[0].closedHours(for: Day.at("2026-12-10"), context: PolicyContext())
                == [ClosedHours(from: 0, to: 1440, reason: "Thursday")])
        _ = fixture.write("weekly: {days: thu, reasn: typo}\n", name: "live.yml")
        let errors = set.reload()
        #expect(errors.first?.description.contains("weekly.reasn: unknown key; did you mean 'reason'?") == true)
        #expect(try set.policies[0].closedHours(for: Day.at("2026-12-10"), context: PolicyContext()).count == 1)
    }
}
