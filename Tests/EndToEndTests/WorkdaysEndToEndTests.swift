import Foundation
import Testing

/// `workdays add|between`: business days under a stack, counted as numpy counts them
/// (scripts/checks/workdays.sh compares many more answers with numpy itself).
@Suite struct WorkdaysEndToEndTests {
    let weekends = CalpolicyBinary.packageRoot.appendingPathComponent("policies/weekends.lua").path
    let us = CalpolicyBinary.packageRoot.appendingPathComponent("policies/us-federal-holidays.lua").path

    func answer(_ arguments: [String]) throws -> String {
        let result = try CalpolicyBinary.run(["workdays"] + arguments + ["--today", "2026-12-01"])
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test func betweenCountsAsNumpyBusdayCount() throws {
        // numpy.busday_count('2026-12-18', '2026-12-25') == 5; reversed: minus those in (to, from].
        #expect(try answer(["between", weekends, "--from", "2026-12-18", "--to", "2026-12-25"]) == "5")
        #expect(try answer(["between", weekends, "--from", "2026-12-25", "--to", "2026-12-18"]) == "-5")
        #expect(try answer(["between", weekends, us, "--from", "2026-12-18", "--to", "2026-12-28"]) == "5")
        #expect(try answer(["between", weekends, "--from", "2026-12-18", "--to", "2026-12-18"]) == "0")
    }

    @Test func addRollsForwardOrBackwardThenMoves() throws {
        #expect(try answer(["add", weekends, us, "--from", "2026-12-18", "--days", "5"]) == "2026-12-28")
        // Saturday: 0 and positive counts roll forward to Monday, negative ones back to Friday.
        #expect(try answer(["add", weekends, "--from", "2026-12-19", "--days", "0"]) == "2026-12-21")
        #expect(try answer(["add", weekends, "--from", "2026-12-19", "--days", "1"]) == "2026-12-22")
        #expect(try answer(["add", weekends, "--from", "2026-12-19", "--days", "-1"]) == "2026-12-17")
        #expect(try answer(["add", weekends, us, "--from", "2026-12-28", "--days", "-1"]) == "2026-12-24")
        // A built-in reference with a Friday-Saturday weekend.
        #expect(try answer(["add", "weekends:SA", "--from", "2026-12-17", "--days", "1"]) == "2026-12-20")
    }

    @Test func jsonAnswer() throws {
        let text = try answer(["add", weekends, "--from", "2026-12-18", "--days", "5", "--format", "json"])
        let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] ?? [:]
        #expect(object["date"] as? String == "2026-12-25")
        #expect(object["days"] as? Int == 5)
    }

    @Test func aStackDenyingEveryDayGivesUpAfterTenYears() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("workdays-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let never = folder.appendingPathComponent("never.lua")
        try "return { name = \"never\", canSelect = function(day) return false, \"closed\" end }\n"
            .write(to: never, atomically: true, encoding: .utf8)
        let result = try CalpolicyBinary.run(["workdays", "add", never.path, "--from", "2026-12-18", "--days", "5"])
        #expect(result.status == 1)
        #expect(result.stderr == "calpolicy: workdays: no business day within 10 years of 2026-12-18\n")
        #expect(try answer(["between", never.path, "--from", "2026-12-18", "--to", "2036-12-18"]) == "0")
    }

    @Test func badDaysValueNamesTheOption() throws {
        let result = try CalpolicyBinary.run(["workdays", "add", weekends, "--from", "2026-12-18", "--days", "x"])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("calpolicy: invalid value 'x' for '--days <N>': "))
    }

    @Test func batchAnswersALineEach() throws {
        let result = try CalpolicyBinary.run(["workdays", weekends, "--batch", "-"],
                                             input: "add 2026-12-18 5\nbetween 2026-12-18 2026-12-25\n")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "2026-12-25\n5\n")
    }
}
