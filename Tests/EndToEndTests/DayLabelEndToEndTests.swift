import Foundation
import Testing

/// The `label` of each day in `eval --format json`, through the real binary.
@Suite struct DayLabelEndToEndTests {
    private let holidays = CalpolicyBinary.packageRoot.appendingPathComponent("policies/us-federal-holidays.lua").path
    private let weekends = CalpolicyBinary.packageRoot.appendingPathComponent("policies/weekends.lua").path

    private func labels(_ arguments: [String]) throws -> [String: String] {
        let result = try CalpolicyBinary.run(["eval", weekends, holidays, "--from", "2026-12-24", "--to", "2026-12-26",
                                              "--today", "2026-12-01", "--format", "json"] + arguments)
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any] ?? [:]
        let days = object["days"] as? [[String: Any]] ?? []
        var labels: [String: String] = [:]
        for day in days { labels[day["date"] as? String ?? ""] = day["label"] as? String }
        return labels
    }

    @Test func everyDayIsLabelledWithItsDateAndVerdict() throws {
        let english = try labels([])
        #expect(english["2026-12-24"] == "Thursday, December 24, 2026, selectable")
        #expect(english["2026-12-25"] == "Friday, December 25, 2026, not selectable: Christmas Day")
        #expect(english["2026-12-26"] == "Saturday, December 26, 2026, not selectable: weekend")
    }

    @Test func theLocaleAndCalendarNameTheDate() throws {
        #expect(try labels(["--locale", "de_DE"])["2026-12-25"]
            == "Freitag, 25. Dezember 2026, nicht auswählbar: Christmas Day")
        #expect(try labels(["--locale", "he_IL", "--calendar", "hebrew"])["2026-12-25"]
            == "יום שישי, ט״ו בטבת תשפ״ז, לא ניתן לבחירה: Christmas Day")
    }

    @Test func labelIsTheLastKeyOfADay() throws {
        let result = try CalpolicyBinary.run(["eval", "--format", "json", "--from", "2026-12-24", "--to", "2026-12-24",
                                              "--today", "2026-12-01"])
        let line = result.stdout.split(separator: "\n").first { $0.contains("\"date\": \"2026-12-24\", \"year\"") }
        #expect(line?.hasSuffix("\"decorationLine\": null, \"label\": \"Thursday, December 24, 2026, selectable\"}") == true)
    }
}
