import Foundation
import Testing

/// `calpolicy explain` and the provenance lines in `eval --format json`.
@Suite struct ExplainEndToEndTests {
    private let closed = RegressionFixtures.failing + "/closed-days.lua"
    private let freeze = RegressionFixtures.freezeV2

    @Test func explainListsEveryPolicyInOrderWithTheDecidingLine() throws {
        let result = try CalpolicyBinary.run(["explain", freeze, closed, "2027-06-30"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "2027-06-30 (Wednesday)")
        #expect(lines[1] == "1. " + freeze)
        #expect(lines[2].hasPrefix("   canSelect      denied 'half-year close'"))
        #expect(lines[2].hasSuffix(freeze + ":6"))
        #expect(lines[5] == "2. " + closed)
        #expect(lines[6].hasSuffix(closed + ":8"))
        #expect(lines.last == "result: denied by freeze-v2.lua at \(freeze):6")
    }

    @Test func explainJSONNamesTheDecidingPolicyAndLine() throws {
        let result = try CalpolicyBinary.run(["explain", freeze, closed, "2027-03-07", "--format", "json"])
        #expect(result.status == 0)
        let json = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        #expect(json?["selectable"] as? Bool == false)
        let decided = json?["decidedSelect"] as? [String: Any]
        #expect(decided?["policy"] as? String == closed)
        #expect(decided?["line"] as? Int == 6)
        let policies = json?["policies"] as? [[String: Any]] ?? []
        #expect(policies.count == 2)
        let first = policies.first?["canSelect"] as? [String: Any]
        #expect(first?["allowed"] as? Bool == true)
        #expect(first?["line"] as? Int == 7)
    }

    @Test func evalJSONCarriesTheSameProvenance() throws {
        let result = try CalpolicyBinary.run(["eval", closed, "--month", "2026-03", "--format", "json"])
        #expect(result.status == 0)
        let json = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        let days = json?["days"] as? [[String: Any]] ?? []
        let sunday = days.first { $0["date"] as? String == "2026-03-01" }
        #expect(sunday?["policy"] as? String == closed)
        #expect(sunday?["line"] as? Int == 6)
        #expect(sunday?["decorationLine"] as? Int == 11)
        let monday = days.first { $0["date"] as? String == "2026-03-02" }
        #expect(monday?["line"] is NSNull)
    }

    /// Two policies may share a file name: the line comes from the policy that decided,
    /// not from the first one with that name.
    @Test func evalJSONFindsTheDecidingPolicyAmongTwoWithOneName() throws {
        let files = try TemporaryFiles()
        _ = try files.makeDirectory("a")
        _ = try files.makeDirectory("b")
        let first = try files.write("a/rules.lua", """
            return {
                canSelect = function(day) return true end,
                canDeselect = function(day) return true end,
                decorationFor = function(day) return nil end,
            }
            """)
        let second = try files.write("b/rules.lua", """
            -- denies and decorates one day
            return {
                canSelect = function(day)
                    if day.iso == "2026-03-10" then return false, "closed" end
                    return true
                end,
                canDeselect = function(day)
                    if day.iso == "2026-03-10" then return false, "locked" end
                    return true
                end,
                decorationFor = function(day)
                    if day.iso == "2026-03-10" then return { label = "b" } end
                end,
            }
            """)
        let result = try CalpolicyBinary.run(["eval", first, second, "--from", "2026-03-10", "--to", "2026-03-10",
                                              "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        let json = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        let day = (json?["days"] as? [[String: Any]])?.first
        #expect(day?["policy"] as? String == second)
        #expect(day?["reason"] as? String == "closed")
        #expect(day?["line"] as? Int == 4)
        #expect(day?["deselectLine"] as? Int == 8)
        #expect(day?["decorationPolicy"] as? String == second)
        #expect(day?["decorationLine"] as? Int == 12)
    }

    @Test func explainRejectsABadDate() throws {
        let result = try CalpolicyBinary.run(["explain", closed, "2026-02-30"])
        #expect(result.status == 2)
        #expect(result.stderrLines.count == 1)
        #expect(result.stderrLines.first?.contains("'2026-02-30'") == true)
    }

    @Test func explainNeedsAPolicy() throws {
        let result = try CalpolicyBinary.run(["explain", "2026-03-01"])
        #expect(result.status == 2)
        #expect(result.stderrLines.first?.contains("POLICY") == true)
    }

    @Test func explainOfABrokenPolicyExitsThree() throws {
        let result = try CalpolicyBinary.run(["explain", RegressionFixtures.broken + "/syntax-error.lua", "2026-03-01"])
        #expect(result.status == 3)
        #expect(result.stderrLines.count == 1)
    }
}
