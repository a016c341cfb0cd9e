import Foundation
import Testing

/// `eval --week`, the `period` of every span in JSON, and short `--from/--to` spans.
@Suite struct EvalPeriodEndToEndTests {
    private let holidays = CalpolicyBinary.packageRoot.appendingPathComponent("policies/us-federal-holidays.lua").path

    private func json(_ arguments: [String]) throws -> [String: Any] {
        let result = try CalpolicyBinary.run(["eval"] + arguments + ["--today", "2026-12-01", "--format", "json"])
        #expect(result.status == 0, "\(arguments): \(result.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    }

    private func period(_ arguments: [String]) throws -> [String: String?] {
        let object = try #require(try json(arguments)["period"] as? [String: Any])
        return object.mapValues { $0 as? String }
    }

    @Test func weekShowsOneStripOfSevenDays() throws {
        let result = try CalpolicyBinary.run(["eval", holidays, "--week", "2026-W53", "--first-weekday", "2",
                                              "--today", "2026-12-01"])
        #expect(result.status == 0)
        #expect(result.stdout == """
                  2026-W53
            Mo Tu We Th Fr Sa Su
            28 29 30 31  1# 2  3

            * decorated  ! denied  # both
            # 2027-01-01 Fri  New Year's Day; denied

            """)
    }

    @Test func weekOfADateHonoursTheFirstWeekdayAndCalendar() throws {
        let sunday = try json([holidays, "--week", "2026-07-04", "--first-weekday", "1"])
        let days = try #require(sunday["days"] as? [[String: Any]])
        #expect(days.map { $0["date"] as? String } == ["2026-06-28", "2026-06-29", "2026-06-30", "2026-07-01",
                                                       "2026-07-02", "2026-07-03", "2026-07-04"])
        let hebrew = try CalpolicyBinary.run(["eval", "--week", "2024-03-10", "--calendar", "hebrew",
                                              "--first-weekday", "1", "--today", "2026-12-01"])
        #expect(hebrew.status == 0)
        #expect(hebrew.stdout.split(separator: "\n").last == "30  1  2  3  4  5  6")
    }

    @Test func weekNumbersFollowTheWeekRule() throws {
        let iso = try period(["--week", "2027-01-01", "--first-weekday", "2"])
        #expect(iso["id"] == "2026-W53")
        let us = try period(["--week", "2027-01-01", "--week-rule", "locale", "--locale", "en_US"])
        #expect(us["id"] == "2027-W01")
        #expect(us["first"] == "2026-12-27")
    }

    @Test func everySpanNamesItsPeriodAndItsNeighbours() throws {
        #expect(try period(["--month", "2026-12"]) == ["kind": "month", "id": "2026-12", "first": "2026-12-01",
                                                      "last": "2026-12-31", "previous": "2026-11", "next": "2027-01"])
        #expect(try period(["--year", "2026"]) == ["kind": "year", "id": "2026", "first": "2026-01-01",
                                                  "last": "2026-12-31", "previous": "2025", "next": "2027"])
        #expect(try period(["--week", "2026-W53", "--first-weekday", "2"]) == [
            "kind": "week", "id": "2026-W53", "first": "2026-12-28", "last": "2027-01-03",
            "previous": "2026-W52", "next": "2027-W01"])
        #expect(try period(["--from", "2026-12-24", "--to", "2026-12-26"]) == [
            "kind": "custom", "id": "2026-12-24/2026-12-26", "first": "2026-12-24", "last": "2026-12-26",
            "previous": "2026-12-21/2026-12-23", "next": "2026-12-27/2026-12-29"])
        let hebrew = try period(["--month", "5784-06L", "--calendar", "hebrew"])
        #expect(hebrew["id"] == "5784-06L")
        #expect(hebrew["previous"] == "5784-05")
        #expect(hebrew["next"] == "5784-07")
    }

    @Test func aNeighbourOutsideTheSupportedDaysIsNull() throws {
        let object = try #require(try json(["--month", "9999-12"])["period"] as? [String: Any])
        #expect(object["previous"] as? String == "9999-11")
        #expect(object["next"] is NSNull)
    }

    @Test func weekValuesAreChecked() throws {
        for (value, reason) in [("2026-W54", "2026 has weeks 1...53"), ("2027-W53", "2027 has weeks 1...52"),
                                ("2026-13-01", "month must be 1...12"),
                                ("next", "expected a date YYYY-MM-DD or a week YYYY-Www")] {
            let result = try CalpolicyBinary.run(["eval", "--week", value, "--first-weekday", "2"])
            #expect(result.status == 2, "\(value)")
            #expect(result.stderr == "calpolicy: invalid value '\(value)' for '--week <DATE|YYYY-Www>': \(reason)\n")
        }
        let both = try CalpolicyBinary.run(["eval", "--week", "2026-W01", "--month", "2026-01"])
        #expect(both.status == 2)
        #expect(both.stderr == "calpolicy: options '--month <YYYY-MM>' and '--week <DATE|YYYY-Www>' cannot be used together\n")
    }

    @Test func daysOutsideAShortSpanAreDrawnAsOutside() throws {
        let result = try CalpolicyBinary.run(["eval", "--from", "2026-12-10", "--to", "2026-12-15",
                                              "--include", "weekdays", "--today", "2026-12-01"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("""
               December 2026
            Su Mo Tu We Th Fr Sa
                        10 11 12!
            13!14 15

            """))
        let object = try json(["--from", "2026-12-10", "--to", "2026-12-15"])
        let days = try #require(object["days"] as? [[String: Any]])
        #expect(days.count == 6)
        let months = try #require(object["months"] as? [[String: Any]])
        let cells = (months.first?["weeks"] as? [[[String: Any]]])?.flatMap { $0 } ?? []
        let inSpan = cells.filter { $0["inSpan"] as? Bool == true }.compactMap { $0["date"] as? String }
        #expect(inSpan == (10...15).map { "2026-12-\($0)" })
        #expect(cells.filter { $0["inMonth"] as? Bool == true }.count == 31)
    }
}
