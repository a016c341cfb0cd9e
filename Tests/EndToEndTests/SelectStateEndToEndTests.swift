import Foundation
import Testing

/// `select --range-rule` and replaying from a supplied state (`--selection`, `--pending`).
@Suite struct SelectStateEndToEndTests {
    let policy = CalpolicyBinary.packageRoot.appendingPathComponent("policies/us-federal-holidays.lua").path

    func json(_ text: String) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] ?? [:]
    }

    @Test func skipSelectsAroundAHolidayAndListsItAsLeftOut() throws {
        let result = try CalpolicyBinary.run(["select", policy, "--mode", "range", "--range-rule", "skip",
                                              "--tap", "2026-12-21", "--tap", "2026-12-28", "--format", "json",
                                              "--today", "2026-12-01"])
        #expect(result.status == 0, "\(result.stderr)")
        let object = try json(result.stdout)
        let selection = object["selection"] as? [String] ?? []
        #expect(selection.count == 7)
        #expect(!selection.contains("2026-12-25"))
        let taps = object["taps"] as? [[String: Any]] ?? []
        #expect(taps.last?["leftOut"] as? [String] == ["2026-12-25"])
        let text = try CalpolicyBinary.run(["select", policy, "--mode", "range", "--range-rule=skip",
                                            "--tap", "2026-12-21", "--tap", "2026-12-28", "--today", "2026-12-01"])
        #expect(text.stdout.contains("left out: 2026-12-25"))
    }

    @Test func skipLengthLimitsCountSelectedDays() throws {
        let result = try CalpolicyBinary.run(["select", policy, "--mode", "range", "--range-rule", "skip",
                                              "--max-length", "7", "--tap", "2026-12-21", "--tap", "2026-12-28",
                                              "--today", "2026-12-01"])
        #expect(result.status == 0, "\(result.stderr)")
        let reject = try CalpolicyBinary.run(["select", policy, "--mode", "range", "--range-rule", "skip",
                                              "--max-length", "6", "--tap", "2026-12-21", "--tap", "2026-12-28",
                                              "--today", "2026-12-01"])
        #expect(reject.status == 1)
        #expect(reject.stdout.contains("selects 7"))
    }

    @Test func rangeRuleWithAnotherModeIsAUsageError() throws {
        let result = try CalpolicyBinary.run(["select", policy, "--mode", "single", "--range-rule", "skip",
                                              "--tap", "2026-12-21"])
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderrLines.count == 1)
        #expect(result.stderrLines.first?.hasPrefix("calpolicy: --range-rule: ") == true)
        let bad = try CalpolicyBinary.run(["select", "--mode", "range", "--range-rule", "maybe", "--tap", "2026-12-21"])
        #expect(bad.status == 2)
        #expect(bad.stderrLines.count == 1)
    }

    @Test func replayFromASuppliedSelection() throws {
        let result = try CalpolicyBinary.run(["select", policy, "--mode", "multiple", "--selection", "2026-12-21,2026-12-22",
                                              "--selection", "2026-12-23", "--tap", "2026-12-22", "--format", "json",
                                              "--today", "2026-12-01"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try json(result.stdout)["selection"] as? [String] == ["2026-12-21", "2026-12-23"])
    }

    @Test func replayFromAPendingEndpoint() throws {
        let result = try CalpolicyBinary.run(["select", policy, "--mode", "range", "--pending", "2026-12-28",
                                              "--tap", "2026-12-30", "--today", "2026-12-01"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasSuffix("selection (range): 2026-12-28...2026-12-30 (3 days)\n"))
    }

    @Test func aDeniedDayInTheSuppliedStateIsRefusedWithItsReason() throws {
        let result = try CalpolicyBinary.run(["select", policy, "--mode", "multiple", "--selection", "2026-12-25",
                                              "--tap", "2026-12-22", "--today", "2026-12-01"])
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderrLines.count == 1)
        let line = result.stderrLines.first ?? ""
        #expect(line.hasPrefix("calpolicy: --selection: 2026-12-25 may not be selected: "))
        #expect(line.hasSuffix("(us-federal-holidays.lua)"))
        let pending = try CalpolicyBinary.run(["select", policy, "--mode", "range", "--pending", "2026-12-25",
                                               "--tap", "2026-12-28", "--today", "2026-12-01"])
        #expect(pending.status == 1)
        #expect(pending.stderrLines.first?.hasPrefix("calpolicy: --pending: 2026-12-25") == true)
        let misplaced = try CalpolicyBinary.run(["select", "--mode", "single", "--pending", "2026-12-21",
                                                 "--tap", "2026-12-22"])
        #expect(misplaced.status == 2)
        #expect(misplaced.stderrLines.first?.hasPrefix("calpolicy: --pending: ") == true)
    }
}
