import Foundation
import Testing

/// A policy's keys are checked at load: a misspelled or mistyped function is a load error
/// (exit 3, one line with a close match), never a rule that silently denies nothing.
@Suite struct PolicyContractEndToEndTests {
    private func run(_ command: String, _ name: String, _ text: String,
                     _ extra: [String] = []) throws -> CalpolicyBinary.Result {
        let files = try TemporaryFiles()
        let path = try files.write(name, text)
        return try CalpolicyBinary.run([command, path] + extra, environment: ["NO_COLOR": "1"])
    }

    @Test func lowercaseCanselectFailsEvalWithDidYouMean() throws {
        let result = try run("eval", "lower.lua", """
            return {
              canselect = function(day) return false, "closed" end,
            }
            """, ["--month", "2026-01", "--today", "2026-01-01"])
        #expect(result.status == 3)
        #expect(result.stdout.isEmpty)
        #expect(result.stderrLines.count == 1)
        #expect(result.stderr.hasPrefix("calpolicy: "))
        #expect(result.stderr.contains("lower.lua:2: unknown field 'canselect' — did you mean 'canSelect'?"))
    }

    @Test func checkRefusesMisspelledFieldsAndANonFunctionContractKey() throws {
        let result = try run("check", "typos.lua", """
            return {
              decorationsFor = function(day) end,
              cnaDeselect = 1,
            }
            """, ["--today", "2026-01-01"])
        #expect(result.status == 3)
        #expect(result.stdout.contains("typos.lua: cannot load"))
        #expect(result.stderrLines.count == 1)
        // The key without a line (a number) is reported first; either way a close match is named.
        #expect(result.stderr.contains("unknown field 'cnaDeselect' — did you mean 'canDeselect'?"))
    }

    @Test func decorationsForAloneIsRefusedWithItsLine() throws {
        let result = try run("check", "plural.lua", """
            return {
              decorationsFor = function(day) end,
            }
            """, ["--today", "2026-01-01"])
        #expect(result.status == 3)
        #expect(result.stderr.contains("plural.lua:2: unknown field 'decorationsFor' — did you mean 'decorationFor'?"))
    }

    @Test func aContractKeyHoldingANumberIsATypeError() throws {
        let result = try run("eval", "number.lua", "return { canDeselect = 1 }\n", ["--month", "2026-01"])
        #expect(result.status == 3)
        #expect(result.stderr.contains("'canDeselect' must be a function, got number"))
    }

    @Test func aPolicyWithNoFunctionIsALoadError() throws {
        let result = try run("eval", "meta.lua", "return { name = \"only a name\", version = 2 }\n",
                             ["--month", "2026-01"])
        #expect(result.status == 3)
        #expect(result.stderr.contains("meta.lua: a policy must define at least one of canSelect, canDeselect, "
                                       + "decorationFor; it defines none"))
    }

    @Test func anUnknownFieldFarFromEveryKeyListsTheContract() throws {
        let result = try run("eval", "far.lua", "return { canSelect = function() return true end, holidays = {} }\n",
                             ["--month", "2026-01"])
        #expect(result.status == 3)
        #expect(result.stderr.contains("unknown field 'holidays' — a policy table holds only canSelect, "
                                       + "canDeselect, decorationFor, hoursFor, answersForYear, name, description, version, coverage, zone"))
    }

    @Test func aGlobalFunctionNamedCloseToTheContractIsALoadError() throws {
        let result = try run("eval", "globals.lua", """
            function canSelect(day) return true end
            function canDeselct(day) return false, "locked" end
            """, ["--month", "2026-01"])
        #expect(result.status == 3)
        #expect(result.stderr.contains("globals.lua:2: unknown function 'canDeselct' — did you mean 'canDeselect'?"))
    }

    @Test func otherGlobalsAreWarnedAboutByCheckOnly() throws {
        let text = """
            LIMIT = 3
            function isClosed(day) return day.weekday == 1 end
            function canSelect(day)
              if isClosed(day) then return false, "closed" end
              return true
            end
            """
        let checked = try run("check", "helpers.lua", text, ["--today", "2026-01-01"])
        #expect(checked.status == 0)
        #expect(checked.stdout.contains("helpers.lua: ok"))
        #expect(checked.stderrLines.count == 2)
        #expect(checked.stderr.contains("helpers.lua:2: warning: global function 'isClosed' is not part of the "
                                        + "policy contract (make it local, or return a table)"))
        #expect(checked.stderr.contains("helpers.lua: warning: global 'LIMIT' (a number) is not part of the policy contract"))
        let evaluated = try run("eval", "helpers.lua", text, ["--month", "2026-01", "--today", "2026-01-01"])
        #expect(evaluated.status == 0)
        #expect(evaluated.stderr.isEmpty)
    }

    @Test func metadataKeysStayLegal() throws {
        let result = try run("eval", "meta-ok.lua", """
            return { name = "n", description = "d", version = 3, canSelect = function() return true end }
            """, ["--month", "2026-01", "--today", "2026-01-01"])
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
    }
}
