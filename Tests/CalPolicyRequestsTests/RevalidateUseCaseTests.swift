import CalendarCore
import Synchronization
import Testing
@testable import CalPolicyRequests

/// `revalidate`: stored selections read line by line, each distinct day asked once, and the
/// refused selections with their first refused day (scripts/checks/revalidate.sh compares a
/// generated file with a brute-force check).
@Suite struct RevalidateUseCaseTests {
    static let option = OptionCatalogue.storedSelections

    func parse(_ text: String) throws -> [RevalidateUseCase.StoredSelection] {
        try RevalidateUseCase.parse(text, option: Self.option)
    }

    func problem(_ text: String) -> String? {
        do {
            _ = try RevalidateUseCase.parse(text, option: Self.option)
            return nil
        } catch {
            return error.message(.commandLine)
        }
    }

    @Test func linesInSelectsShapeWithIdsDaysAndRanges() throws {
        let selections = try parse("""
            {"id": "b-1", "mode": "multiple", "selection": ["2026-12-24", "2026-12-28"], "pending": null, "taps": []}

            {"id": 7, "mode": "range", "range": {"from": "2026-12-30", "to": "2027-01-02"}}
            {"mode": "single", "days": ["2026-12-25"]}
            {"id": "r", "mode": "range", "range": ["2026-12-01", "2026-12-01"]}
            {"id": 0, "mode": "single", "selection": ["2026-12-01"]}
            {"id": 1, "mode": "single", "selection": ["2026-12-01"]}
            """)
        // 0 and 1 are ids, not the booleans Foundation on Linux also lets them pass for.
        #expect(selections.map(\.id) == ["b-1", "7", "line 4", "r", "0", "1"])
        #expect(selections.map(\.line) == [1, 3, 4, 5, 6, 7])
        #expect(selections[1].days.map(\.iso) == ["2026-12-30", "2026-12-31", "2027-01-01", "2027-01-02"])
        #expect(selections[2].mode == .single)
    }

    @Test func aMalformedLineIsNamedByItsNumber() {
        let good = #"{"id": "a", "mode": "single", "selection": ["2026-12-01"]}"#
        for (line, words) in [("not json", "line 2: not JSON"),
                              (#"["2026-12-01"]"#, "line 2: expected a JSON object"),
                              (#"{"id": "b", "selection": ["2026-12-01"]}"#, "line 2: 'mode' is missing"),
                              (#"{"id": "b", "mode": "often", "selection": []}"#, "line 2: unknown mode 'often'"),
                              (#"{"id": "b", "mode": "multiple"}"#, "line 2: expected 'selection'"),
                              (#"{"id": "b", "mode": "multiple", "days": [], "range": ["2026-12-01", "2026-12-02"]}"#,
                               "line 2: give one of"),
                              (#"{"id": "b", "mode": "multiple", "selection": ["2026-02-30"]}"#, "line 2: 'selection': '2026-02-30'"),
                              (#"{"id": "b", "mode": "multiple", "selection": [20261201]}"#, "not a date"),
                              (#"{"id": "b", "mode": "range", "range": ["2026-12-02", "2026-12-01"]}"#, "must run forward"),
                              (#"{"id": "b", "mode": "single", "selection": ["2026-12-01", "2026-12-02"]}"#, "single mode"),
                              (#"{"id": true, "mode": "single", "selection": ["2026-12-01"]}"#, "'id' must be"),
                              (#"{"id": "b", "mode": "single", "selection": ["2026-12-01"], "who": 1}"#, "unknown field 'who'")] {
            let message = problem(good + "\n" + line)
            #expect(message?.contains(words) == true, "\(line): \(message ?? "accepted")")
            #expect(message?.hasPrefix("invalid value") == true, "\(line)")
        }
    }

    @Test func refusedSelectionsNameTheirFirstRefusedDay() throws {
        let selections = try parse("""
            {"id": "ok", "mode": "multiple", "selection": ["2026-12-22", "2026-12-23"]}
            {"id": "week", "mode": "range", "range": ["2026-12-21", "2026-12-27"]}
            {"id": "late", "mode": "multiple", "selection": ["2027-01-09", "2026-12-26"]}
            """)
        let refusals = try RevalidateUseCase.refused(selections, stack: PolicyStack([Weekends()]), context: PolicyContext())
        #expect(refusals.map(\.selection.id) == ["week", "late"])
        #expect(refusals.map(\.day.iso) == ["2026-12-26", "2026-12-26"])
        #expect(refusals.map(\.refusedDays) == [2, 2])
        #expect(refusals[0].reason == "weekend")
        let text = RevalidateUseCase.text(refusals, selections: 3, policies: ["weekends"])
        #expect(text == "week  2026-12-26  weekend (weekends)  +1 more refused day\nlate  2026-12-26  weekend (weekends)  +1 more refused day\n2 of 3 selections refused\n")
    }

    @Test func eachDistinctDayIsAskedOnce() throws {
        var lines: [String] = []
        for index in 0..<500 {
            lines.append(#"{"id": "\#(index)", "mode": "range", "range": ["2026-12-01", "2026-12-31"]}"#)
            lines.append(#"{"id": "far\#(index)", "mode": "single", "selection": ["2030-06-0\#(index % 9 + 1)"]}"#)
        }
        let counter = Counting()
        let refusals = try RevalidateUseCase.refused(try parse(lines.joined(separator: "\n")), stack: PolicyStack([counter]),
                                                     context: PolicyContext())
        #expect(refusals.count == 500 + 111)  // every December range holds a Sunday; so do the singles on 2 and 9 June 2030
        #expect(counter.asked.withLock { $0 } == 31 + 9)
    }

    @Test func noSelectionsAsksNothing() throws {
        #expect(try RevalidateUseCase.refused([], stack: PolicyStack([Weekends()]), context: PolicyContext()).isEmpty)
    }

    @Test func breaksListsTheSelectionsHoldingEachNewlyDeniedDay() throws {
        let selections = try parse("""
            {"id": "a", "mode": "multiple", "selection": ["2026-12-24", "2026-12-28"]}
            {"id": "b", "mode": "range", "range": ["2026-12-21", "2026-12-31"]}
            {"id": "c", "mode": "single", "selection": ["2026-12-01"]}
            """)
        let eve = try Day(iso: "2026-12-24"), last = try Day(iso: "2026-12-31")
        let breaks = RevalidateUseCase.breaks(selections, newlyDenied: [eve, last])
        #expect(breaks.selections == 2)
        #expect(breaks.byDay[eve] == ["a", "b"])
        #expect(breaks.byDay[last] == ["b"])
    }
}

/// Denies Saturdays and Sundays.
struct Weekends: DayPolicy {
    var name: String { "weekends" }
    func canSelect(_ day: Day, context: PolicyContext) throws -> Verdict {
        day.weekday == 1 || day.weekday == 7 ? .denied(reason: "weekend") : .allowed
    }
}

/// Counts the days it is asked about; denies Sundays.
final class Counting: DayPolicy {
    let asked = Mutex(0)
    var name: String { "counting" }
    func canSelect(_ day: Day, context: PolicyContext) throws -> Verdict {
        asked.withLock { $0 += 1 }
        return day.weekday == 1 ? .denied(reason: "sunday") : .allowed
    }
}
