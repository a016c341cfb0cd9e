/// The seven days of the week holding a day, as a week calendar shows them,
/// stepping one week at a time.
public struct WeekStrip: Hashable, Sendable {
    /// 1 = Sunday … 7 = Saturday; the weekday of `days[0]`.
    public let firstWeekday: Int
    public let weekRule: WeekRule
    public let span: DaySpan
    public let today: Day?

    /// - Parameter firstWeekday: values outside 1...7 wrap around (8 is Sunday).
    public init(containing day: Day, firstWeekday: Int = 1, weekRule: WeekRule = .iso8601, today: Day? = nil) {
        let first = Weekdays.normalized(firstWeekday)
        self.firstWeekday = first
        self.weekRule = weekRule
        self.span = Weekdays.week(containing: day, firstWeekday: first)
        self.today = today
    }

    /// The seven days, from the first weekday on.
    public var days: [Day] { Array(span) }

    /// The week (by `weekRule`) that holds most of the strip's days.
    public var weekNumber: Int { weekRule.weekNumber(of: span) }

    /// Whether the injected today falls in this week.
    public var containsToday: Bool { today.map(span.contains) ?? false }

    public func next() -> WeekStrip { stepped(by: 1) }

    public func previous() -> WeekStrip { stepped(by: -1) }

    /// The strip `weeks` weeks later (earlier when negative).
    public func stepped(by weeks: Int) -> WeekStrip {
        WeekStrip(containing: span.first.adding(days: 7 * weeks), firstWeekday: firstWeekday,
                  weekRule: weekRule, today: today)
    }
}
