import Testing
@testable import CalendarCore

/// Denies, locks and decorates listed days and fails on `failOn`; records each question
/// it is asked and the day it is about, in order.
private final class Recording: DayPolicy, @unchecked Sendable {
    let name: String
    let deny: Set<Day>, lock: Set<Day>, decorate: Set<Day>, failOn: Set<Day>
    var questions: [DayQuestions] = []
    var asked: [Day] = []

    init(_ name: String, deny: Set<Day> = [], lock: Set<Day> = [], decorate: Set<Day> = [], failOn: Set<Day> = []) {
        (self.name, self.deny, self.lock, self.decorate, self.failOn) = (name, deny, lock, decorate, failOn)
    }

    func canSelect(_ day: Day, context: PolicyContext) throws -> Verdict {
        deny.contains(day) ? .denied(reason: "\(name) denies") : .allowed
    }
    func canDeselect(_ day: Day, context: PolicyContext) throws -> Verdict {
        lock.contains(day) ? .denied(reason: "\(name) locks") : .allowed
    }
    func decoration(for day: Day, context: PolicyContext) throws -> Decoration? {
        decorate.contains(day) ? Decoration(kind: .default, label: name) : nil
    }
    func answer(_ asked: DayQuestions, for day: Day, context: PolicyContext) throws -> DayAnswers {
        questions.append(asked)
        self.asked.append(day)
        if failOn.contains(day) { throw PolicyFailure(day: day) }
        var answers = DayAnswers()
        if asked.canSelect { answers.select = try canSelect(day, context: context) }
        if asked.canDeselect { answers.deselect = try canDeselect(day, context: context) }
        if asked.decoration { answers.decoration = try decoration(for: day, context: context) }
        return answers
    }
}

/// Denies listed days and answers runs sparsely (as a Lua policy does), through the default
/// that leaves the empty answers out of the dense batch; counts the sparse runs asked.
private final class SparseDenier: DayPolicy, @unchecked Sendable {
    let name = "sparse"
    let deny: Set<Day>
    var sparseRuns = 0
    init(deny: Set<Day>) { self.deny = deny }
    var answersSparsely: Bool { true }
    func canSelect(_ day: Day, context: PolicyContext) throws -> Verdict {
        deny.contains(day) ? .denied(reason: "sparse denies") : .allowed
    }
    func sparseAnswers(_ questions: [DayQuestions], for days: [Day], context: PolicyContext) -> SparseDayAnswers {
        sparseRuns += 1
        return SparseDayAnswers(answers(questions, for: days, context: context))
    }
}

@Suite struct PolicyStackEvaluateTests {
    /// A policy says it answers sparsely (no cast to a protocol): the stack asks it that way and
    /// merges the same outcomes as from the dense answers; the default sparse answers leave
    /// out exactly the empty ones.
    @Test func aSparselyAnsweringPolicyIsAskedSparselyAndMergesAsTheDenseOne() throws {
        let first = try day("2026-01-01")
        let days = (0..<40).map { first.adding(days: $0) }
        let denied: Set<Day> = [days[3], days[17]], decorated: Set<Day> = [days[17], days[30]]
        let dense = Recording("sparse", deny: denied)
        #expect(!dense.answersSparsely)
        let sparse = dense.sparseAnswers(Array(repeating: .all, count: days.count), for: days, context: PolicyContext())
        #expect(sparse.answered == 40 && sparse.indices == [3, 17] && sparse.failure == nil)

        let sparseDenier = SparseDenier(deny: denied)
        var asSparse: [PolicyStack.Outcome] = [], asDense: [PolicyStack.Outcome] = []
        try PolicyStack([sparseDenier, Recording("d", decorate: decorated)])
            .evaluate(days, context: PolicyContext(), appendingTo: &asSparse)
        try PolicyStack([dense, Recording("d", decorate: decorated)])
            .evaluate(days, context: PolicyContext(), appendingTo: &asDense)
        #expect(sparseDenier.sparseRuns == 1)
        #expect(asSparse == asDense && asSparse.count == 40)
        #expect(asSparse[3].select.policy == "sparse" && asSparse[30].decorationPolicy == "d")
    }

    @Test func settledQuestionsAreNotAskedOfLaterPolicies() throws {
        let d = try day("2026-03-10")
        let a = Recording("a", deny: [d]), b = Recording("b", decorate: [d]), c = Recording("c")
        let outcome = try PolicyStack([a, b, c]).evaluate(d, context: PolicyContext())
        #expect(a.questions == [.all])
        #expect(b.questions == [DayQuestions(canSelect: false, canDeselect: true, decoration: true)])
        #expect(c.questions == [DayQuestions(canSelect: false, canDeselect: true, decoration: false)])
        #expect(outcome.select.policy == "a")
        #expect(outcome.decorationPolicy == "b")
        #expect(outcome.deselect == .allowed)
    }

    @Test func askingStopsOnceEverythingIsSettled() throws {
        let d = try day("2026-03-10")
        let a = Recording("a", deny: [d], lock: [d], decorate: [d]), b = Recording("b")
        let outcome = try PolicyStack([a, b]).evaluate(d, context: PolicyContext())
        #expect(b.questions.isEmpty)
        #expect(outcome.deselect.verdict == .denied(reason: "a locks"))
    }

    @Test func outcomeEqualsTheThreeSeparateAnswersOnEveryDay() throws {
        let first = try day("2026-01-01")
        let days = (0..<60).map { first.adding(days: $0) }
        let stack = PolicyStack([
            Recording("a", deny: Set(days.filter { $0.dayNumber % 3 == 0 }), decorate: Set(days.filter { $0.dayNumber % 5 == 0 })),
            IncludeDaysPolicy(.weekdays),
            Recording("b", deny: Set(days.filter { $0.dayNumber % 2 == 0 }), lock: Set(days.filter { $0.dayNumber % 7 == 0 }),
                  decorate: Set(days.filter { $0.dayNumber % 4 == 0 })),
        ])
        let context = PolicyContext()
        for d in days {
            let outcome = try stack.evaluate(d, context: context)
            #expect(outcome.select == (try stack.canSelect(d, context: context)), "\(d.iso)")
            #expect(outcome.deselect == (try stack.canDeselect(d, context: context)), "\(d.iso)")
            let decorated = try stack.decoration(for: d, context: context)
            #expect(outcome.decoration == decorated?.decoration, "\(d.iso)")
            #expect(outcome.decorationPolicy == decorated?.policy, "\(d.iso)")
        }
    }

    @Test func anEmptyStackAllowsEverythingAndDecoratesNothing() throws {
        let outcome = try PolicyStack().evaluate(try day("2026-03-10"), context: PolicyContext())
        #expect(outcome == PolicyStack.Outcome())
    }

    @Test func policyErrorsPropagate() throws {
        let d = try day("2026-03-10")
        #expect(throws: PolicyFailure(day: d)) {
            try PolicyStack([ListPolicy(name: "a"), ThrowingPolicy(failOn: [d])]).evaluate(d, context: PolicyContext())
        }
    }

    @Test func theDefaultAnswerAsksOnlyWhatWasAsked() throws {
        let d = try day("2026-03-10")
        let log = CallLog()
        let policy = ListPolicy(name: "a", denySelect: [d], denyDeselect: [d], log: log)
        let answers = try policy.answer(DayQuestions(canSelect: false, canDeselect: true, decoration: false),
                                        for: d, context: PolicyContext())
        #expect(answers.select == .allowed)
        #expect(answers.deselect == .denied(reason: "2026-03-10 is locked by a"))
        #expect(log.selected.isEmpty)
        #expect(log.deselected == [d])
    }
}

@Suite struct PolicyStackBatchEvaluateTests {
    static let days: [Day] = (0..<40).map { Day(dayNumber: 20_000 + $0) }

    @Test func aBatchAnswersWhatDayByDayAnswers() throws {
        let days = PolicyStackBatchEvaluateTests.days
        let stack = PolicyStack([
            Recording("a", deny: Set(days.filter { $0.dayNumber % 3 == 0 }), decorate: Set(days.filter { $0.dayNumber % 4 == 0 })),
            IncludeDaysPolicy(.weekdays),
            Recording("b", deny: Set(days.filter { $0.dayNumber % 2 == 0 }), decorate: Set(days.filter { $0.dayNumber % 5 == 0 })),
        ])
        let context = PolicyContext()
        let batch = try stack.evaluate(days, context: context)
        #expect(batch.count == days.count)
        for (day, outcome) in zip(days, batch) {
            #expect(outcome == (try stack.evaluate(day, context: context)), "\(day.iso)")
        }
    }

    @Test func settledDaysAreNotAskedOfLaterPolicies() throws {
        let days = Array(PolicyStackBatchEvaluateTests.days.prefix(4))
        let a = Recording("a", deny: [days[1]], decorate: [days[1]])
        let b = Recording("b")
        _ = try PolicyStack([a, b]).evaluate(days, context: PolicyContext())
        // days[1] is settled for select and decoration, but canDeselect stays open for b.
        #expect(b.asked == days)
        let c = Recording("c")
        let settled = IncludeDaysPolicy(.all)
        _ = try PolicyStack([settled, c]).evaluate(days, context: PolicyContext())
        #expect(c.asked == days)
    }

    @Test func theEarliestFailingDayIsReportedFromTheFirstPolicyFailingOnIt() throws {
        let days = PolicyStackBatchEvaluateTests.days
        // a fails on day 20; b fails on day 7: day by day, b's failure on day 7 comes first.
        let a = Recording("a", failOn: [days[20]])
        let b = Recording("b", failOn: [days[7], days[30]])
        #expect(throws: PolicyFailure(day: days[7])) { try PolicyStack([a, b]).evaluate(days, context: PolicyContext()) }
        #expect(b.asked == Array(days[...7]))
        // Both fail on the same day: the first policy's failure, and the second is not asked about it.
        let c = Recording("c", failOn: [days[5]]), d = Recording("d", failOn: [days[5]])
        #expect(throws: PolicyFailure(day: days[5])) { try PolicyStack([c, d]).evaluate(days, context: PolicyContext()) }
        #expect(d.asked == Array(days[..<5]))
    }

    @Test func aSpanIsAnsweredInBatchesOfAnySize() throws {
        let days = PolicyStackBatchEvaluateTests.days
        let stack = PolicyStack([
            Recording("a", deny: Set(days.filter { $0.dayNumber % 3 == 0 }), decorate: Set(days.filter { $0.dayNumber % 4 == 0 })),
            IncludeDaysPolicy(.weekends),
        ])
        let span = DaySpan(days[0], days[days.count - 1])
        let dayByDay = try days.map { try stack.evaluate($0, context: PolicyContext()) }
        for size in [0, 1, 7, 32, 100] {
            #expect(try stack.evaluate(span, context: PolicyContext(), batchSize: size) == dayByDay, "batch \(size)")
        }
    }

    /// The slots a report moves its outcomes out of hold what day by day answers, the empty
    /// outcome (copied in as bytes) on days nothing refused or decorated; a failure throws
    /// with every slot left uninitialised (the caller only deallocates).
    @Test func slotsHoldWhatDayByDayAnswersAndAFailureLeavesNone() throws {
        let days = PolicyStackBatchEvaluateTests.days
        let stack = PolicyStack([
            Recording("a", deny: Set(days.filter { $0.dayNumber % 3 == 0 }), lock: [days[2]],
                      decorate: Set(days.filter { $0.dayNumber % 4 == 0 })),
            IncludeDaysPolicy(.weekdays),
        ])
        let slots = UnsafeMutablePointer<PolicyStack.Outcome>.allocate(capacity: days.count)
        defer { slots.deallocate() }
        try stack.evaluate(days, context: PolicyContext(), initializing: slots)
        for (index, day) in days.enumerated() {
            let outcome = (slots + index).move()
            #expect(outcome == (try stack.evaluate(day, context: PolicyContext())), "\(day.iso)")
        }
        let failing = PolicyStack([Recording("a", decorate: Set(days)), Recording("b", failOn: [days[9]])])
        #expect(throws: PolicyFailure(day: days[9])) {
            try failing.evaluate(days, context: PolicyContext(), initializing: slots)
        }
    }

    /// Empty answers made as bytes are the empty answer, for no day, one and many.
    @Test func emptyAnswersAreTheEmptyAnswer() {
        // Filled by doubling copies: counts at, just past and just short of a power of two.
        for count in [-1, 0, 1, 2, 3, 4, 5, 7, 8, 9, 1_000, 1_023, 1_024, 1_025] {
            #expect(DayAnswers.empty(count: count) == Array(repeating: DayAnswers(), count: max(0, count)))
        }
    }

    @Test func anEmptyBatchIsEmpty() throws {
        #expect(try PolicyStack([IncludeDaysPolicy(.weekdays)]).evaluate([Day](), context: PolicyContext()).isEmpty)
    }
}

@Suite struct PolicyStackLayersTests {
    @Test func everyPolicyIsAskedAboutEveryDayEvenAfterAnEarlierDenial() throws {
        let span = DaySpan(try day("2026-12-18"), try day("2026-12-22"))
        let weekend = Recording("weekends", deny: [try day("2026-12-19"), try day("2026-12-20")])
        let freeze = Recording("freeze", deny: Set(span), decorate: Set(span))
        let layers = try PolicyStack([weekend, freeze]).layers(span, context: PolicyContext(), batchSize: 2)
        #expect(layers.count == 2 && layers.allSatisfy { $0.count == 5 })
        #expect(layers[0].map(\.select.isAllowed) == [true, false, false, true, true])
        #expect(layers[1].allSatisfy { !$0.select.isAllowed && $0.decoration?.label == "freeze" },
                "the freeze is asked on the weekend the first layer denied")
        #expect(freeze.asked == Array(span))
        #expect(freeze.questions.allSatisfy { $0 == DayQuestions(canSelect: true, canDeselect: false, decoration: true) })
    }

    @Test func aFailureEndsTheLayers() throws {
        let span = DaySpan(try day("2026-12-18"), try day("2026-12-22"))
        #expect(throws: PolicyFailure.self) {
            try PolicyStack([Recording("a"), Recording("b", failOn: [try day("2026-12-21")])]).layers(span, context: PolicyContext())
        }
    }
}
