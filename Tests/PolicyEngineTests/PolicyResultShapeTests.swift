import CalendarCore
import Testing
@testable import PolicyEngine

/// The other readers of what a policy returns hold the same line as hoursFor's: a table read raw
/// must hold nothing the reader would skip, so nothing is accepted and read as something else.
@Suite struct PolicyResultShapeTests {
    let day = try! Day(iso: "2026-12-24")

    @Test(arguments: [
        "setmetatable({}, { __index = { kind = 'image', image = 'gift' } })",
        "setmetatable({ label = 'x' }, { __index = { color = '#ff0000' } })",
        "{ label = 'x', [1] = { label = 'y' } }",
        "{ label = 'x', labels = 'y' }",
        "{ { label = 'x' } }",
    ])
    func decorationsWithHiddenOrUnknownPartsAreTypeErrors(table: String) throws {
        let error = PolicyFixture.error {
            let policy = try PolicyFixture().load("return { decorationFor = function(day) return \(table) end }")
            _ = try policy.decoration(for: day, context: PolicyContext())
        }
        #expect(error?.kind == .type, "\(String(describing: error))")
        #expect(error?.function == "decorationFor")
    }

    @Test(arguments: [
        ("setmetatable({ from = '2026-01-01' }, { __index = { to = '2026-12-31' } })", "metatable"),
        ("{ from = '2026-01-01', ['to\\0x'] = '2026-12-31' }", "holds only 'from' and 'to'"),
        ("{ from = '2026-01-01', ['from\\0'] = '2026-12-31' }", "holds only 'from' and 'to'"),
        ("{ to = '2026-12-31', [1] = '2027-12-31' }", "holds only 'from' and 'to'"),
    ])
    func coverageTablesThatWouldLoseAnEndStopTheLoad(table: String, message: String) {
        let error = PolicyFixture.error {
            _ = try PolicyFixture().load("return { coverage = \(table), canSelect = function(day) return true end }")
        }
        #expect(error?.kind == .type, "\(String(describing: error))")
        #expect(error?.message.contains(message) == true, "\(String(describing: error?.message))")
    }

    @Test func aPlainDecorationAndCoverageStillRead() throws {
        let policy = try PolicyFixture().load("""
            return { coverage = { from = '2026-01-01', to = '2026-12-31' },
                     decorationFor = function(day) return { kind = 'image', image = 'gift', label = 'x' } end }
            """)
        #expect(policy.metadata.coverage == CoverageSpan(from: try Day(iso: "2026-01-01"), to: try Day(iso: "2026-12-31")))
        #expect(policy.dataHorizon?.last == (try Day(iso: "2026-12-31")))
        #expect(try policy.decoration(for: day, context: PolicyContext()) != nil)
    }
}
