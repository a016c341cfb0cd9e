import CalendarCore
import Foundation
import Testing
@testable import PolicyEngine

@Suite struct PolicySetTests {
    let fixture = PolicyFixture()
    let day = Day.at("2026-03-02")

    @Test func globalsOfOnePolicyAreInvisibleToAnother() throws {
        let a = try fixture.load("shared = 'from a'; string.upper = nil\nfunction canSelect() return false, tostring(shared) end", name: "a.lua")
        let b = try fixture.load("function canSelect() return false, tostring(shared) .. ' ' .. ('x'):upper() end", name: "b.lua")
        #expect(try a.canSelect(day, context: PolicyContext()) == .denied(reason: "from a"))
        #expect(try b.canSelect(day, context: PolicyContext()) == .denied(reason: "nil X"))
    }

    @Test func reloadKeepsTheLastGoodVersionAndReportsWhy() throws {
        let path = fixture.write("function canSelect() return false, 'v1' end", name: "live.lua")
        let set = try PolicySet(paths: [path])
        #expect(try set.stack.canSelect(day, context: PolicyContext()).verdict == .denied(reason: "v1"))

        fixture.write("function canSelect() return false, 'v2' end", name: "live.lua")
        #expect(set.reload().isEmpty)
        #expect(try set.stack.canSelect(day, context: PolicyContext()).verdict == .denied(reason: "v2"))

        fixture.write("function canSelect() return false, 'v3'", name: "live.lua")
        let errors = set.reload()
        #expect(errors.map(\.kind) == [.syntax])
        #expect(errors.first?.file == path)
        #expect(try set.stack.canSelect(day, context: PolicyContext()).verdict == .denied(reason: "v2"))

        fixture.write("while true do end", name: "live.lua")
        #expect(set.reload().map(\.kind) == [.budget])
        try FileManager.default.removeItem(atPath: path)
        #expect(set.reload().map(\.kind) == [.io])
        #expect(try set.stack.canSelect(day, context: PolicyContext()).verdict == .denied(reason: "v2"))
    }

    @Test func snapshotTakenBeforeAReloadKeepsAnsweringWithItsVersion() throws {
        let path = fixture.write("function canSelect() return false, 'old' end", name: "snap.lua")
        let set = try PolicySet(paths: [path])
        let before = set.stack
        fixture.write("function canSelect() return false, 'new' end", name: "snap.lua")
        set.reload()
        #expect(try before.canSelect(day, context: PolicyContext()).verdict == .denied(reason: "old"))
        #expect(try set.stack.canSelect(day, context: PolicyContext()).verdict == .denied(reason: "new"))
    }

    @Test func concurrentEvaluationFromManyThreadsWhileReloading() async throws {
        let source = """
            local cache = {}
            function canSelect(day)
              local key = day.year * 10000 + day.month * 100 + day.day
              if cache[key] == nil then cache[key] = (day.weekday ~= 1 and day.weekday ~= 7) end
              if cache[key] then return true end
              return false, 'weekend ' .. day.iso
            end
            """
        let path = fixture.write(source, name: "weekdays.lua")
        let set = try PolicySet(paths: [path])
        let first = Day.at("2026-01-01")
        try await withThrowingTaskGroup(of: Int.self) { group in
            for worker in 0..<8 {
                group.addTask {
                    var mismatches = 0
                    for offset in 0..<2_000 {
                        let day = first.adding(days: (offset * 7 + worker) % 3_000)
                        let decision = try set.stack.canSelect(day, context: PolicyContext())
                        let weekend = day.weekday == 1 || day.weekday == 7
                        let expected: Verdict = weekend ? .denied(reason: "weekend \(day.iso)") : .allowed
                        if decision.verdict != expected { mismatches += 1 }
                    }
                    return mismatches
                }
            }
            let fixture = fixture
            group.addTask {
                for round in 0..<20 {
                    // Broken and good versions alternate; the good ones answer the same.
                    fixture.write(round % 2 == 0 ? "function canSelect( broken" : source + "\n-- \(round)",
                                  name: "weekdays.lua")
                    _ = set.reload()
                }
                return 0
            }
            var total = 0
            for try await mismatches in group { total += mismatches }
            #expect(total == 0)
        }
    }

    @Test func evaluationIsDeterministicForTheSameInputs() throws {
        let policy = try fixture.load("""
            function canSelect(day, selection)
              local t = {}
              for i = 1, 50 do t[i] = (day.dayNumber * i) % 97 end
              table.sort(t)
              return false, table.concat(t, ",", 1, 5) .. " " .. #selection
            end
            """)
        let context = PolicyContext(selection: [.at("2026-01-01")])
        let answers = try (0..<5).map { _ in try policy.canSelect(day, context: context) }
        #expect(Set(answers).count == 1)
    }
}
