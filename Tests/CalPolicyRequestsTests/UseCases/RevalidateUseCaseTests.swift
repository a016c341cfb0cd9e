import CalendarCore
import Rendering
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
        // A range is kept as its two ends, never expanded to days while the text is parsed.
        #expect(selections[1].days.isEmpty)
        #expect(selections[1].range.map { Array($0).map(\.iso) } == ["2026-12-30", "2026-12-31", "2027-01-01", "2027-01-02"])
        #expect(selections[1].dayCount == 4)
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
        #expect(refusals.map(\.id) == ["week", "late"])
        #expect(refusals.map(\.day.iso) == ["2026-12-26", "2026-12-26"])
        #expect(refusals.map(\.refusedDays) == [2, 2])
        #expect(refusals[0].reason == "weekend")
        let text = RevalidateRenderer.text(RevalidateAnswer(refusals: refusals, selections: 3), policies: ["weekends"])
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

    /// Many random mixes of ranges (overlapping, nested, far apart, up to 400 years) and day
    /// lists: every refusal (which selections, first refused day, count of refused days) equals
    /// a brute force that expands each selection to its days.
    @Test func rangesCountedUnexpandedAgreeWithExpandingThem() throws {
        var generator = SystemRandomNumberGenerator()
        let origin = try Day(iso: "1990-01-01").dayNumber
        let stack = PolicyStack([EveryThirteenth()])
        for round in 0..<40 {
            var lines: [String] = []
            for index in 0..<Int.random(in: 1...30, using: &generator) {
                let start = origin + Int.random(in: 0...(round % 4 == 0 ? 146_000 : 400), using: &generator)
                if Bool.random(using: &generator) {
                    let width = Int.random(in: 0...(round % 3 == 0 ? 146_096 : 40), using: &generator)
                    let (first, last) = (Day(dayNumber: start), Day(dayNumber: start + width))
                    lines.append(#"{"id": "\#(index)", "mode": "range", "range": ["\#(first.iso)", "\#(last.iso)"]}"#)
                } else {
                    let days = (0..<Int.random(in: 0...6, using: &generator)).map {
                        Day(dayNumber: start + $0 * Int.random(in: 1...20, using: &generator)).iso
                    }
                    let list = days.map { "\"" + $0 + "\"" }.joined(separator: ", ")
                    lines.append(#"{"id": "\#(index)", "mode": "multiple", "selection": [\#(list)]}"#)
                }
            }
            let selections = try parse(lines.joined(separator: "\n"))
            let refusals = try RevalidateUseCase.refused(selections, stack: stack, context: PolicyContext())
            var expected: [(id: String, day: String, count: Int)] = []
            for selection in selections {
                let days = selection.range.map(Array.init) ?? selection.days
                let refused = days.filter { $0.dayNumber % 13 == 0 }
                if let first = refused.min() { expected.append((selection.id, first.iso, refused.count)) }
            }
            #expect(refusals.map(\.id) == expected.map(\.id), "round \(round)")
            #expect(refusals.map(\.day.iso) == expected.map(\.day), "round \(round)")
            #expect(refusals.map(\.refusedDays) == expected.map(\.count), "round \(round)")
            #expect(refusals.allSatisfy { $0.reason == "thirteenth" })
        }
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

/// Denies every day whose day number is a multiple of 13.
struct EveryThirteenth: DayPolicy {
    var name: String { "thirteenth" }
    func canSelect(_ day: Day, context: PolicyContext) throws -> Verdict {
        day.dayNumber % 13 == 0 ? .denied(reason: "thirteenth") : .allowed
    }
}

/// `RevalidateUseCase.run` over real Lua: the US federal holidays refuse a booking holding Christmas.
@Suite struct RevalidateRunTests {
    @Test func christmasIsRefusedByTheUSFederalHolidays() throws {
        let selections = try RevalidateUseCase.parse("""
            {"id": "b-1", "mode": "multiple", "selection": ["2026-12-23", "2026-12-24"]}
            {"id": "b-2", "mode": "range", "range": ["2026-12-22", "2026-12-26"]}
            """, option: OptionCatalogue.storedSelections)
        let policies = try UseCaseFixture.policies(["policies/us-federal-holidays.lua"])
        let answer = try RevalidateUseCase.run(selections, policies: policies, evaluation: try UseCaseFixture.evaluation())
        #expect(answer.selections == 2)
        #expect(answer.refusals.map(\.id) == ["b-2"])
        #expect(answer.refusals.first?.day.iso == "2026-12-25")
        #expect(answer.refusals.first?.reason.hasPrefix("Christmas Day") == true)
        #expect(answer.refusals.first?.policyIndex == 0)
        #expect(RevalidateRenderer.text(answer, policies: ["us.lua"]).hasSuffix("(us.lua)\n1 of 2 selections refused\n"))
    }
}
