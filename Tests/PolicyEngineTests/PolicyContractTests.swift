import CalendarCore
import Testing
@testable import PolicyEngine

@Suite struct PolicyContractTests {
    @Test func suggestsTheContractKeyIgnoringCase() {
        #expect(PolicyContract.suggestion(for: "canselect") == "canSelect")
        #expect(PolicyContract.suggestion(for: "CANDESELECT") == "canDeselect")
        #expect(PolicyContract.suggestion(for: "decorationsFor") == "decorationFor")
        #expect(PolicyContract.suggestion(for: "cnaDeselect") == "canDeselect")
        #expect(PolicyContract.suggestion(for: "holidays") == nil)
    }

    @Test func parsesTheBridgeListSortedByLine() {
        let text = "s\tfunction\t4\t9:canselect\no\tnumber\t0\t3:[1]\ns\tstring\t0\t3:a\tb\n"
        let keys = PolicyContract.Key.parse(Array(text.utf8))
        #expect(keys.map(\.name) == ["[1]", "a\tb", "canselect"])
        #expect(keys.map(\.isString) == [false, true, true])
        #expect(keys.last?.line == 4)
        #expect(keys.first?.line == nil)
    }

    @Test func loadingAReturnedTableWithAnUnknownKeyThrowsATypeError() {
        let source = Array("return {\n canSelect = function() return true end,\n canselect = 1 }\n".utf8)
        #expect(throws: PolicyError.self) { try LuaPolicy(path: "x.lua", source: source) }
        do {
            _ = try LuaPolicy(path: "x.lua", source: source)
        } catch {
            #expect(error.kind == .type)
            #expect(error.message == "unknown field 'canselect' — did you mean 'canSelect'?")
        }
    }

    @Test func globalHelpersLoadWithWarnings() throws {
        let source = Array("function helper() end\nfunction canSelect() return true end\n".utf8)
        let policy = try LuaPolicy(path: "g.lua", source: source)
        #expect(policy.warnings.map(\.description) == [
            "g.lua:1: warning: global function 'helper' is not part of the policy contract (make it local, or return a table)",
        ])
    }
}
