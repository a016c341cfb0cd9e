import CalendarCore
import Testing
@testable import PolicyEngine

/// luacheck's standard is made from the annotation sources (`LuacheckStandard`); these hold it
/// to the `cal` table a loaded policy really sees, so a new `cal` function cannot be a lint
/// finding and a removed one cannot pass.
@Suite struct LuacheckStandardTests {
    /// Every key of `cal` as a policy sees it, functions and constants.
    static func calKeys() throws -> Set<String> {
        let source = """
            local names = {}
            for key in pairs(cal) do names[#names + 1] = key end
            local list = table.concat(names, " ")
            return { name = "keys", decorationFor = function(day) return { label = list } end }

            """
        let policy = try LuaPolicy(path: "keys.lua", source: Array(source.utf8))
        let label = try policy.decoration(for: Day(dayNumber: 0), context: PolicyContext())?.label ?? ""
        return Set(label.split(separator: " ").map(String.init))
    }

    @Test func theStandardNamesEveryCalFieldAndNoOther() throws {
        let live = try Self.calKeys()
        let standard = Set(LuacheckStandard.calFields)
        #expect(standard == live, "only in the standard: \(standard.subtracting(live).sorted()); only in cal: \(live.subtracting(standard).sorted())")
        #expect(standard.isSuperset(of: try CalAnnotationsTests.calFunctions()))
        #expect(standard.isSuperset(of: ["SATURDAY", "NEXT_WORKDAY", "holidays", "windows"]))
    }

    @Test func theContractKeysAreSettableGlobals() {
        let arguments = LuacheckStandard.arguments
        let globals = arguments.firstIndex(of: "--globals")!, reads = arguments.firstIndex(of: "--read-globals")!
        #expect(Array(arguments[(globals + 1)..<reads]) == PolicyContract.keys)
        #expect(arguments.contains("cal.windows") && !arguments.contains("cal.addDay"))
    }

    @Test func plainLinesAreParsed() {
        let findings = Luacheck.parse("a:b.lua:4:18: (W143) accessing undefined field 'addDay' of global 'cal'\nTotal: 1 warning\n")
        #expect(findings == [LintFinding(file: "a:b.lua", line: 4, column: 18, code: "W143",
                                         message: "accessing undefined field 'addDay' of global 'cal'")])
    }
}
