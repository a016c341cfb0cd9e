import CalendarCore
import Foundation
import Testing
@testable import PolicyEngine

/// Every function of `cal` a policy can call (the prelude's, and the natives: cal.ics,
/// cal.holidays, cal.weekend, ...) has a Lua language-server annotation, so an editor shows its
/// help: a `---` doc block right above `function cal.NAME(` in Sources/PolicyEngine/Prelude/cal.lua
/// (documented where it lives) or in policies/.types/calpolicy.lua (the natives). The names come
/// from the `cal` table of a loaded policy, not from either file.
@Suite struct CalAnnotationsTests {
    static let root = String(#filePath.prefix(upTo: #filePath.range(of: "/Tests/")!.lowerBound))

    /// The function names of `cal` as a policy sees it.
    static func calFunctions() throws -> [String] {
        let source = """
            local names = {}
            for key, value in pairs(cal) do
              if type(value) == "function" then names[#names + 1] = key end
            end
            table.sort(names)
            local list = table.concat(names, " ")
            return { name = "names", decorationFor = function(day) return { label = list } end }

            """
        let policy = try LuaPolicy(path: "names.lua", source: Array(source.utf8))
        let label = try policy.decoration(for: Day(dayNumber: 0), context: PolicyContext())?.label ?? ""
        return label.split(separator: " ").map(String.init)
    }

    /// Names `function cal.NAME(` lines right below a `---` line, in `text`.
    static func annotated(_ text: String) -> Set<String> {
        var names: Set<String> = []
        var previous = ""
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.hasPrefix("function cal."), previous.hasPrefix("---"),
               let open = line.firstIndex(of: "(") {
                names.insert(String(line[line.index(line.startIndex, offsetBy: 13)..<open]))
            }
            previous = line
        }
        return names
    }

    @Test func everyCalFunctionHasAnAnnotation() throws {
        let functions = try Self.calFunctions()
        #expect(functions.count > 30)
        #expect(functions.contains("ics") && functions.contains("holidays") && functions.contains("weekend"))
        var annotated: Set<String> = []
        for file in ["Sources/PolicyEngine/Prelude/cal.lua", "policies/.types/calpolicy.lua"] {
            annotated.formUnion(Self.annotated(try String(contentsOfFile: Self.root + "/" + file, encoding: .utf8)))
        }
        let missing = functions.filter { !annotated.contains($0) }
        #expect(missing.isEmpty, "cal functions without an annotation: \(missing.joined(separator: ", "))")
    }
}
