/// The per-day rules of a calendar: may a day be selected, may it be deselected,
/// and how is it decorated.
///
/// Every requirement throws, because real policies (Lua scripts) fail: a policy
/// error must reach the caller as a typed error, never as a silent allow or deny.
public protocol DayPolicy: Sendable {
    /// Names the policy in reasons and errors (a file name for Lua policies).
    var name: String { get }

    func canSelect(_ day: Day, context: PolicyContext) throws -> Verdict
    func canDeselect(_ day: Day, context: PolicyContext) throws -> Verdict
    func decoration(for day: Day, context: PolicyContext) throws -> Decoration?

    /// All the asked answers for one day at once. The default asks the three functions
    /// in order; a policy that pays a fixed cost per call (a Lua state behind a lock)
    /// answers in one go.
    func answer(_ questions: DayQuestions, for day: Day, context: PolicyContext) throws -> DayAnswers

    /// `questions[i]` about `days[i]`, in order, stopping at the first failure. The
    /// default asks day by day; a Lua policy answers a run of days in one crossing.
    func answers(_ questions: [DayQuestions], for days: [Day], context: PolicyContext) -> DayAnswerBatch

    /// Whether `sparseAnswers` is the policy's own way of answering a run (a Lua policy's):
    /// the stack then merges only the days it refused or decorated. A requirement, not a
    /// protocol to cast to, for the reason `definesHours` gives (two casts were 10 % of a
    /// one-month cold start).
    var answersSparsely: Bool { get }
    /// `answers(_:for:context:)` with the empty answers left out; the same answers, whichever
    /// the stack asks. The default leaves them out of the dense batch.
    func sparseAnswers(_ questions: [DayQuestions], for days: [Day], context: PolicyContext) -> SparseDayAnswers

    /// Whether the policy answers hours within days (`hoursFor`); false for whole days only.
    /// Hours are requirements of every policy, not a protocol of their own to cast to: the
    /// first cast to a protocol scans every conformance record of the binary, 400,000
    /// instructions of a cold start.
    var definesHours: Bool { get }
    /// The zone its wall times are in (`zone = "Europe/Berlin"`); nil: the stack's.
    var zone: ZoneWallTime? { get }
    /// The day's closed intervals in wall time (empty: open all day, unless `canSelect` denies).
    func closedHours(for day: Day, context: PolicyContext) throws -> [ClosedHours]
    /// The days its answers are good for, as far as known now (a Lua policy's declared coverage
    /// narrowed by the holiday data it has read so far); nil: it never runs out. Past it a gate
    /// is closed (`HoursTimeline`), never open.
    var dataHorizon: DataHorizon? { get }
    /// Where the policy applies (`scope = {...}`); nil: everywhere. Outside it the policy has no
    /// opinion: open, no decoration, no hours, no data horizon.
    var scope: DecisionScope? { get }
    /// Whether and how a break-glass override may lift it (`overridable = ...`); `.open` when
    /// the policy says nothing.
    var overridable: OverrideRule { get }
}

extension DayPolicy {
    public var definesHours: Bool { false }
    public var zone: ZoneWallTime? { nil }
    public var answersSparsely: Bool { false }
    public var dataHorizon: DataHorizon? { nil }
    public var scope: DecisionScope? { nil }
    public var overridable: OverrideRule { .open }
    public func sparseAnswers(_ questions: [DayQuestions], for days: [Day], context: PolicyContext) -> SparseDayAnswers {
        SparseDayAnswers(answers(questions, for: days, context: context))
    }
    public func closedHours(for day: Day, context: PolicyContext) throws -> [ClosedHours] { [] }
    public func canSelect(_ day: Day, context: PolicyContext) throws -> Verdict { .allowed }
    public func canDeselect(_ day: Day, context: PolicyContext) throws -> Verdict { .allowed }
    public func decoration(for day: Day, context: PolicyContext) throws -> Decoration? { nil }

    public func answer(_ questions: DayQuestions, for day: Day, context: PolicyContext) throws -> DayAnswers {
        var answers = DayAnswers()
        if questions.canSelect { answers.select = try canSelect(day, context: context) }
        if questions.canDeselect { answers.deselect = try canDeselect(day, context: context) }
        if questions.decoration { answers.decoration = try decoration(for: day, context: context) }
        return answers
    }

    public func answers(_ questions: [DayQuestions], for days: [Day], context: PolicyContext) -> DayAnswerBatch {
        var batch = DayAnswerBatch()
        batch.answers.reserveCapacity(days.count)
        for (asked, day) in zip(questions, days) {
            do {
                batch.answers.append(asked.isEmpty ? DayAnswers() : try answer(asked, for: day, context: context))
            } catch {
                batch.failure = error
                break
            }
        }
        return batch
    }
}
