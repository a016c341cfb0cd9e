import CalendarCore
import PolicyEngine
import Rendering
import Testing
@testable import CalPolicyRequests

/// `overlay`: several real stacks (built-in holiday and weekend data, a Lua policy file) over
/// one span, and the next day all of them allow, checked against a scan that asks each stack
/// about one day at a time.
@Suite struct OverlayUseCaseTests {
    static let today = Day(dayNumber: 20_423)  // 2025-12-01

    static func stack(_ name: String, _ arguments: [String]) throws -> OverlayUseCase.Stack {
        let files = arguments.filter { !BuiltInReference.isReference($0) }
        let sources = try files.map { path in (path: path, bytes: try PolicySources.read(path)) }
        let loaded = try PolicySources.load(sources, options: PolicySources.options(today: today, print: nil))
        return OverlayUseCase.Stack(name: name, stack: PolicyStack(try BuiltInReference.stack(arguments, files: loaded)),
                                    policies: arguments)
    }

    static let all: [OverlayUseCase.Stack] = {
        do {
            return [try stack("de", ["holidays:DE-BE", "weekends:DE"]), try stack("in", ["holidays:IN", "weekends:IN"]),
                    try stack("jp", ["holidays:JP", "weekends:JP"]), try stack("ae", ["weekends:AE", "holidays:AE"]),
                    try stack("ops", ["policies/weekends.lua", "policies/change-freeze.lua"])]
        } catch {
            fatalError("the overlay's stacks did not load: \(error)")
        }
    }()

    /// The first day at or after `from` every stack allows, one `canSelect(day)` at a time.
    static func scan(from: Day, _ stacks: [OverlayUseCase.Stack], context: PolicyContext) throws -> Day? {
        var day = from
        for _ in 0..<4000 {
            if try stacks.allSatisfy({ try $0.stack.canSelect(day, context: context).isAllowed }) { return day }
            day = day.adding(days: 1)
        }
        return nil
    }

    @Test func nextCommonOpenMatchesADayByDayScanOverRandomDatesAndStacks() throws {
        var generator = SplitMix(seed: 28)
        let context = PolicyContext(today: Self.today)
        for _ in 0..<300 {
            let from = Day(dayNumber: Self.today.dayNumber + Int(generator.next() % 3000) - 400)
            var chosen = Self.all.filter { _ in generator.next() % 2 == 0 }
            if chosen.isEmpty { chosen = [Self.all[Int(generator.next() % UInt64(Self.all.count))]] }
            let expected = try Self.scan(from: from, chosen, context: context)
            let found = try OverlayUseCase.nextCommonOpen(from: from, stacks: chosen, context: context)
            #expect(found == expected, "\(from.iso) \(chosen.map(\.name))")
        }
    }

    @Test func christmasWeekAcrossThreeOffices() throws {
        let context = PolicyContext(today: Self.today)
        let stacks = Array(Self.all.prefix(3))
        // 25 Dec 2026 (Fri) closes Berlin and Bangalore, the weekend all three, Monday is open.
        #expect(try OverlayUseCase.nextCommonOpen(from: try Day(iso: "2026-12-25"), stacks: stacks, context: context).iso
            == "2026-12-28")
        let days = try OverlayUseCase.days(DaySpan(try Day(iso: "2026-12-24"), try Day(iso: "2026-12-28")), stacks: stacks,
                                           context: context)
        #expect(days.map { $0.decisions.map(\.isAllowed) } == [[true, true, true], [false, false, true],
                                                               [false, false, false], [false, false, false],
                                                               [true, true, true]])
        #expect(days[1].decisions[0].verdict.reason?.hasPrefix("Christmas Day") == true)
    }

    @Test func aStackClosedEveryDayIsAnAnswerNotALoop() throws {
        let closed = OverlayUseCase.Stack(name: "never", stack: PolicyStack([ClosedPolicy()]), policies: ["never"])
        #expect(throws: RequestFailure.self) {
            try OverlayUseCase.nextCommonOpen(from: try Day(iso: "2026-12-24"), stacks: [Self.all[0], closed],
                                              context: PolicyContext())
        }
        let from = try Day(iso: "2026-12-24")
        do throws(RequestFailure) {
            _ = try OverlayUseCase.nextCommonOpen(from: from, stacks: [closed], context: PolicyContext())
            Issue.record("found a day in a stack that closes every day")
        } catch {
            #expect(error.noDayMessage == "no day every stack allows within 10 years of 2026-12-24")
        }
    }

    @Test func nextCommonOpenConflictsWithASpan() throws {
        var values = RequestValues()
        values.add(value: "2026-12-24", for: OptionCatalogue.nextCommonOpen)
        values.add(value: "2026-12", for: OptionCatalogue.month)
        let settings = try EvaluationOptions(values, environmentLocale: "en_US", today: Self.today).settings
        #expect(throws: RequestError.self) { try OverlayUseCase.request(values, settings: settings) }
    }
}

/// Denies every day.
struct ClosedPolicy: DayPolicy {
    var name: String { "never" }
    func canSelect(_ day: Day, context: PolicyContext) throws -> Verdict { .denied(reason: "closed") }
}

/// A small seeded generator, so a failing case is the same on every run.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// `OverlayUseCase.run`: the one call of `overlay`, a span or the next common open day.
@Suite struct OverlayRunTests {
    @Test func runAnswersTheSpanOrTheNextCommonOpenDay() throws {
        let context = PolicyContext(today: OverlayUseCaseTests.today)
        let stacks = Array(OverlayUseCaseTests.all.prefix(2))
        let from = try Day(iso: "2026-12-25")
        guard case .nextCommonOpen(let asked, let day) = try OverlayUseCase.run(.nextCommonOpen(from: from), stacks: stacks,
                                                                                context: context)
        else { Issue.record("not a next common open day"); return }
        #expect(asked == from)
        #expect(day.iso == "2026-12-28")
        let eve = try Day(iso: "2026-12-24")
        guard case .days(let days) = try OverlayUseCase.run(.days(DaySpan(eve, try Day(iso: "2026-12-26"))), stacks: stacks,
                                                            context: context)
        else { Issue.record("not days"); return }
        #expect(days.map(\.allOpen) == [true, false, false])
    }

    // MARK: closed time

    static let offices: [OverlayUseCase.Stack] = {
        do {
            return [try OverlayUseCaseTests.stack("ber", ["Tests/fixtures/overlay/office-berlin.lua", "holidays:DE-BE@Europe/Berlin"]),
                    try OverlayUseCaseTests.stack("nyc", ["Tests/fixtures/overlay/office-new-york.lua", "holidays:US-NY@America/New_York"])]
        } catch {
            fatalError("the offices did not load: \(error)")
        }
    }()

    static func instant(_ text: String) -> Int64 {
        guard case .success(let instant) = ISOInstant.parse(text) else { fatalError("not an instant: \(text)") }
        return instant
    }

    /// A stack with hours is compared by the instant even when the question asks for a day:
    /// the next "common open day" of two offices is the first instant both are staffed.
    @Test func aStackWithHoursIsAnsweredInClosedTime() throws {
        #expect(OverlayUseCase.needsClosedTime(Self.offices))
        #expect(!OverlayUseCase.needsClosedTime(OverlayUseCaseTests.all))
        let answer = try OverlayUseCase.run(.nextCommonOpen(from: UseCaseFixture.day("2026-12-24")), stacks: Self.offices,
                                            context: PolicyContext(today: OverlayUseCaseTests.today))
        guard case .closedTime(let closed) = answer else { Issue.record("answered by the day: \(answer)"); return }
        // Two offices' common hours in winter: New York opens at 14:00 UTC, Berlin closes at 16:00.
        let next = try #require(closed.next)
        #expect(next.end == next.start + 7200, "\(next)")
        #expect(ZoneWallTime.utc.iso(next.start).hasSuffix("T14:00:00+00:00"), "\(ZoneWallTime.utc.iso(next.start))")
    }

    /// --any from Saturday: nobody works at the weekend, so coverage starts Monday 09:00 in
    /// Berlin; uncovered time over a span is where neither office is staffed.
    @Test func anyOpenStartsWithTheFirstOfficeToOpen() throws {
        let question = OverlayUseCase.ClosedTimeQuestion(ask: .next(from: Self.instant("2027-01-09T00:00:00Z")), zone: .utc,
                                                         coverage: .any)
        let answer = try OverlayUseCase.closedTime(question, stacks: Self.offices, context: PolicyContext(today: OverlayUseCaseTests.today))
        #expect(answer.next == StacksTimeline.Window(start: Self.instant("2027-01-11T08:00:00Z"), end: Self.instant("2027-01-11T22:00:00Z")))
        let span = OverlayUseCase.ClosedTimeQuestion(ask: .span(DaySpan(UseCaseFixture.day("2027-01-11"),
                                                                        UseCaseFixture.day("2027-01-11"))), zone: .utc)
        let day = try OverlayUseCase.closedTime(span, stacks: Self.offices, context: PolicyContext(today: OverlayUseCaseTests.today))
        #expect(day.commonOpen == [StacksTimeline.Window(start: Self.instant("2027-01-11T14:00:00Z"), end: Self.instant("2027-01-11T16:00:00Z"))])
        #expect(day.uncovered == [StacksTimeline.Window(start: Self.instant("2027-01-11T00:00:00Z"), end: Self.instant("2027-01-11T08:00:00Z")),
                                  StacksTimeline.Window(start: Self.instant("2027-01-11T22:00:00Z"), end: Self.instant("2027-01-12T00:00:00Z"))])
    }

    /// The server's way (each stack's runs apart, then combined) gives the CLI's answer.
    @Test func combiningEachStacksRunsGivesTheSameAnswer() throws {
        let context = PolicyContext(today: OverlayUseCaseTests.today)
        for ask in [OverlayUseCase.ClosedTimeQuestion.Ask.next(from: Self.instant("2026-12-24T00:00:00Z")),
                    .span(DaySpan(UseCaseFixture.day("2026-12-20"), UseCaseFixture.day("2027-01-10")))] {
            for coverage in [StacksTimeline.Coverage.all, .any] {
                let question = OverlayUseCase.ClosedTimeQuestion(ask: ask, zone: .utc, minimum: 3600, coverage: coverage)
                let whole = try OverlayUseCase.closedTime(question, stacks: Self.offices, context: context)
                var combined: OverlayClosedTime?
                for (look, window) in OverlayUseCase.windows(question).enumerated() where combined == nil {
                    let runs = try Self.offices.map {
                        try OverlayUseCase.closedRuns(question, window: window, stack: $0.stack, context: context)
                    }
                    combined = try OverlayUseCase.combined(question, window: window,
                                                           last: look + 1 == OverlayUseCase.windows(question).count,
                                                           runs: runs, days: whole.days)
                }
                #expect(combined?.commonOpen == whole.commonOpen && combined?.uncovered == whole.uncovered)
                #expect(combined?.next == whole.next)
            }
        }
    }

    @Test func minDurationNeedsASearchAndADuration() throws {
        let settings = try UseCaseFixture.evaluation().settings
        #expect(throws: RequestError.self) {
            try OverlayUseCase.request(UseCaseFixture.values([(OptionCatalogue.minDuration, "2h")]), settings: settings)
        }
        for bad in ["", "2", "h", "2x", "0m", "1h1h", "30s", "9999h", "-1h"] {
            #expect(throws: RequestError.self, "\(bad)") {
                try OverlayUseCase.request(UseCaseFixture.values([(OptionCatalogue.nextCommonOpen, "2026-12-24"),
                                                                  (OptionCatalogue.minDuration, bad)]), settings: settings)
            }
        }
        let question = try OverlayUseCase.request(UseCaseFixture.values([(OptionCatalogue.nextCommonOpen, "2026-12-24"),
                                                                         (OptionCatalogue.minDuration, "1h30m")]), settings: settings)
        guard case .closedTime(let closed) = question else { Issue.record("not in closed time"); return }
        #expect(closed.minimum == 5400)
    }
}
