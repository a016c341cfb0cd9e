/// Which days of the week may be selected: all, weekdays only or weekends only.
///
/// Weekend days are configurable (Friday and Saturday in much of the Middle East).
/// Deselection is always allowed, so a day selected before the rule changed can
/// still be removed.
public struct IncludeDaysPolicy: DayPolicy, Hashable {
    public enum Days: String, Hashable, Sendable, CaseIterable, Codable {
        case all, weekdays, weekends
    }

    public let days: Days
    /// Weekday numbers, 1 = Sunday … 7 = Saturday; out-of-range values wrap.
    public let weekendDays: Set<Int>
    public let name: String
    /// `weekendDays` as bits 1...7: asked for every day, and hashing an Int into a Set
    /// cost more than the rest of the answer.
    private let weekendMask: UInt8

    public init(_ days: Days, weekendDays: Set<Int> = [1, 7], name: String = "include-days") {
        self.days = days
        self.weekendDays = Set(weekendDays.map(Weekdays.normalized))
        self.name = name
        weekendMask = self.weekendDays.reduce(0) { $0 | UInt8(truncatingIfNeeded: 1 << $1) }
    }

    public func canSelect(_ day: Day, context: PolicyContext) throws -> Verdict {
        switch days {
        case .all:
            return .allowed
        case .weekdays:
            return isWeekend(day) ? refusal(day) : .allowed
        case .weekends:
            return isWeekend(day) ? .allowed : refusal(day)
        }
    }

    /// A run of days in one loop (`eval --include weekdays` asks every day): only `canSelect`
    /// can be refused, and only a refusal builds anything. The protocol's default asked each
    /// day through the generic `answer`, ~870 instructions a day. (Initialising each answer in
    /// place was dearer still: the empty answer was copied out of a temporary.)
    public func answers(_ questions: [DayQuestions], for days: [Day], context: PolicyContext) -> DayAnswerBatch {
        let count = min(questions.count, days.count)
        var batch = DayAnswerBatch()
        batch.answers = DayAnswers.empty(count: count)
        guard self.days != .all else { return batch }
        let refuseWeekends = self.days == .weekdays
        for index in 0..<count where questions[index].canSelect && isWeekend(days[index]) == refuseWeekends {
            batch.answers[index].select = refusal(days[index])
        }
        return batch
    }

    /// The refusal of a day the filter does not take; it names the day.
    private func refusal(_ day: Day) -> Verdict {
        days == .weekdays ? .denied(reason: day.iso(followedBy: " is a weekend day; only weekdays may be selected"))
            : .denied(reason: day.iso(followedBy: " is a weekday; only weekend days may be selected"))
    }

    /// A weekend day by `weekendDays`.
    private func isWeekend(_ day: Day) -> Bool {
        weekendMask & UInt8(truncatingIfNeeded: 1 << day.weekday) != 0
    }
}
