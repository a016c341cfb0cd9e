import Foundation
import Testing

/// A policy is identified by its path: documents carry the tidied path, text the file name
/// unless two policies of the stack share it.
@Suite struct PolicyIdentityEndToEndTests {
    /// `a/rules.lua` allows everything; `b/rules.lua` denies selecting and deselecting
    /// 2026-03-10 and decorates it.
    private func twoRules() throws -> (files: TemporaryFiles, first: String, second: String) {
        let files = try TemporaryFiles()
        _ = try files.makeDirectory("a")
        _ = try files.makeDirectory("b")
        _ = try files.write("a/rules.lua", "return {\n  canSelect = function(day) return true end,\n}\n")
        _ = try files.write("b/rules.lua", """
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
        let root = files.directory.path
        return (files, root + "/./a//rules.lua", root + "//b/rules.lua")
    }

    private func run(_ arguments: [String]) throws -> CalpolicyBinary.Result {
        try CalpolicyBinary.run(arguments, environment: ["NO_COLOR": "1"])
    }

    @Test func jsonNamesEveryPolicyByItsTidiedPath() throws {
        let (files, first, second) = try twoRules()
        let root = files.directory.path
        let result = try run(["eval", first, second, "--from", "2026-03-10", "--to", "2026-03-10",
                              "--format", "json", "--today", "2026-03-01"])
        #expect(result.status == 0, "\(result.stderr)")
        let json = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        #expect(json?["policies"] as? [String] == [root + "/a/rules.lua", root + "/b/rules.lua"])
        let day = (json?["days"] as? [[String: Any]])?.first
        #expect(day?["policy"] as? String == root + "/b/rules.lua")
        #expect(day?["line"] as? Int == 4)
        #expect(day?["deselectPolicy"] as? String == root + "/b/rules.lua")
        #expect(day?["deselectLine"] as? Int == 8)
        #expect(day?["decorationPolicy"] as? String == root + "/b/rules.lua")
        #expect(day?["decorationLine"] as? Int == 12)
    }

    @Test func selectJSONNamesTheRefusingPolicyByItsPathAndTextByItsName() throws {
        let (files, first, second) = try twoRules()
        let root = files.directory.path
        let json = try run(["select", first, second, "--mode", "single", "--tap", "2026-03-10",
                            "--format", "json", "--today", "2026-03-01"])
        #expect(json.status == 1, "\(json.stderr)")
        let document = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        let tap = (document?["taps"] as? [[String: Any]])?.first
        #expect(tap?["policy"] as? String == root + "/b/rules.lua")
        let text = try run(["select", first, second, "--mode", "single", "--tap", "2026-03-10",
                            "--today", "2026-03-01"])
        #expect(text.stdout.contains("closed (b/rules.lua)"), "\(text.stdout)")
    }

    @Test func csvHasReasonsAndTheDecidingPolicies() throws {
        let (files, first, second) = try twoRules()
        let root = files.directory.path
        let result = try run(["eval", first, second, "--from", "2026-03-09", "--to", "2026-03-10",
                              "--format", "csv", "--today", "2026-03-01"])
        #expect(result.status == 0, "\(result.stderr)")
        let rows = result.stdout.split(separator: "\n").map(String.init)
        #expect(rows.first?.hasSuffix(",decoration_size,select_reason,deselect_reason,policy,decoration_policy,observed_of,estimated") == true)
        #expect(rows[1] == "2026-03-09,2026,3,9,2,true,true,,,,,,,,,,,,")
        #expect(rows[2] == "2026-03-10,2026,3,10,3,false,false,closed,default,b,,,,closed,locked,"
            + root + "/b/rules.lua," + root + "/b/rules.lua,,")
    }

    @Test func csvNamesTheDeselectDeciderWhenSelectingIsAllowed() throws {
        let files = try TemporaryFiles()
        let path = try files.write("lock.lua", "return { canDeselect = function(day) return false, \"kept\" end }\n")
        let result = try run(["eval", path, "--from", "2026-03-09", "--to", "2026-03-09", "--format", "csv"])
        #expect(result.status == 0)
        #expect(result.stdout.split(separator: "\n").last.map(String.init) == "2026-03-09,2026,3,9,2,true,false,kept,,,,,,,kept,\(path),,,")
    }

    @Test func textTellsCollidingFileNamesApart() throws {
        let (files, first, second) = try twoRules()
        defer { withExtendedLifetime(files) {} } // the folder lives until the runs are done
        let legend = try run(["eval", first, second, "--month", "2026-03", "--verbose", "--today", "2026-03-01"])
        #expect(legend.status == 0)
        #expect(legend.stdout.contains("b [b/rules.lua]; denied: closed [b/rules.lua]"))
        let explained = try run(["explain", first, second, "2026-03-10", "--today", "2026-03-01"])
        #expect(explained.status == 0)
        #expect(explained.stdout.contains("result: denied by b/rules.lua at "))
    }

    @Test func policyTestsTellCollidingFileNamesApart() throws {
        let (files, _, _) = try twoRules()
        let test = try files.write("two_test.lua", """
            test.policies { "a/rules.lua", "b/rules.lua" }
            test("the tenth is selectable", function() expect.selectable("2026-03-10") end)
            """)
        let result = try run(["test", test])
        #expect(result.status == 1)
        #expect(result.stdout.contains("expected 2026-03-10 selectable, got denied by b/rules.lua: 'closed'"))
    }

    @Test func textKeepsTheFileNameWhenNamesDiffer() throws {
        let files = try TemporaryFiles()
        _ = try files.makeDirectory("deep")
        let path = try files.write("deep/closed.lua",
                                   "return { canSelect = function(day) return day.day ~= 10, \"shut\" end }\n")
        let result = try run(["eval", path, "--month", "2026-03", "--verbose", "--today", "2026-03-01"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("denied: shut [closed.lua]"))
    }
}
