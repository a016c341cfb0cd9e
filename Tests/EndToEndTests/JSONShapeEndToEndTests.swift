import Foundation
import Testing

/// `eval --format json` as scripts read it: the documented keys, every day of the span.
@Suite struct JSONShapeEndToEndTests {
    func evalJSON(_ arguments: [String]) throws -> [String: Any] {
        let result = try CalpolicyBinary.run(["eval", "--format", "json"] + arguments)
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        return try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any] ?? [:]
    }

    @Test func weekdayNamesAreTheLocalesSundayFirst() throws {
        let german = try evalJSON(["--month", "2026-02", "--today", "2026-02-10", "--locale", "de_DE"])
        let names = german["weekdayNames"] as? [String: [String]]
        #expect(names?["full"]?.first == "Sonntag")
        #expect(names?["full"]?.last == "Samstag")
        #expect(names?["short"]?.count == 7)
        // Sunday first whatever the first column is (Monday in de_DE).
        #expect(german["firstWeekday"] as? Int == 2)
        let english = try evalJSON(["--month", "2026-02", "--today", "2026-02-10", "--locale", "en_US"])
        #expect((english["weekdayNames"] as? [String: [String]])?["short"]?[1] == "Mon")
    }

    @Test func topLevelAndMonthKeysArePresent() throws {
        let object = try evalJSON(["--month", "2026-02", "--today", "2026-02-10"])
        for key in ["calendar", "firstWeekday", "months", "days"] { #expect(object[key] != nil, "\(key)") }
        #expect(object["calendar"] as? String == "gregorian")
        let months = object["months"] as? [[String: Any]] ?? []
        #expect(months.count == 1)
        let month = months.first ?? [:]
        #expect(month["year"] as? Int == 2026)
        #expect(month["month"] as? Int == 2)
        #expect(month["isLeapMonth"] as? Bool == false)
        let weeks = month["weeks"] as? [[[String: Any]]] ?? []
        let numbers = month["weekNumbers"] as? [Int] ?? []
        #expect(weeks.count == numbers.count)
        #expect(weeks.allSatisfy { $0.count == 7 })
        #expect(weeks.first?.first?["date"] as? String == "2026-02-01")
        #expect(weeks.first?.first?["inMonth"] as? Bool == true)
    }

    @Test func daysCoverTheSpanInOrderWithDocumentedKeys() throws {
        let object = try evalJSON(["--from", "2024-02-27", "--to", "2024-03-03", "--include", "weekdays"])
        let days = object["days"] as? [[String: Any]] ?? []
        #expect(days.map { $0["date"] as? String ?? "" } ==
            ["2024-02-27", "2024-02-28", "2024-02-29", "2024-03-01", "2024-03-02", "2024-03-03"])
        for day in days {
            for key in ["date", "year", "month", "day", "weekday", "selectable", "deselectable", "reason",
                        "decoration"] {
                #expect(day[key] != nil, "\(key)")
            }
        }
        #expect(days[2]["day"] as? Int == 29)
        #expect(days[4]["selectable"] as? Bool == false)
        #expect(days[4]["reason"] is String)
        #expect(days[3]["reason"] is NSNull)
        #expect(days[3]["decoration"] is NSNull)
    }

    @Test func keysComeOutInTheDocumentedOrder() throws {
        let result = try CalpolicyBinary.run(["eval", "--format", "json", "--month", "2026-01"])
        let text = result.stdout
        let order = ["\"calendar\"", "\"firstWeekday\"", "\"months\"", "\"days\""]
        let positions = order.compactMap { text.range(of: $0)?.lowerBound }
        #expect(positions.count == order.count)
        #expect(positions == positions.sorted())
        let dayLine = text.split(separator: "\n").first { $0.contains("\"date\": \"2026-01-15\", \"year\"") }
        #expect(dayLine != nil)
    }

    @Test func outputIsIdenticalAcrossRuns() throws {
        let arguments = ["eval", "--format", "json", "--year", "2024", "--today", "2024-06-01"]
        #expect(try CalpolicyBinary.run(arguments).stdout == CalpolicyBinary.run(arguments).stdout)
    }
}
