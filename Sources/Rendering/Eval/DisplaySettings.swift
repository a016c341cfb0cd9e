import CalendarCore

/// How days are shown and what policies see: calendar, locale, first column, week
/// numbering and today, resolved by a face (the CLI from its options) with their defaults.
public struct DisplaySettings {
    public let calendar: CalendarIdentifier
    public let system: any CalendarSystem
    public let localeIdentifier: String
    public let names: DisplayNames
    public let firstWeekday: Int
    public let weekRule: WeekRule
    /// `iso` or `locale`, as JSON reports it.
    public let weekRuleName: String
    public let today: Day
    /// Who asks, about what and where (`--context`): what scoped policies are matched against.
    public var decision: DecisionContext
    /// The break-glass overrides held against the stack (`--overrides`): those covering
    /// `decision` lift closed time in hours and are listed by every document.
    public var overrides: [Override] = []

    public init(calendar: CalendarIdentifier, system: any CalendarSystem, localeIdentifier: String,
                names: DisplayNames, firstWeekday: Int, weekRule: WeekRule, weekRuleName: String, today: Day,
                decision: DecisionContext = DecisionContext()) {
        (self.calendar, self.system, self.localeIdentifier, self.names) = (calendar, system, localeIdentifier, names)
        (self.firstWeekday, self.weekRule, self.weekRuleName, self.today) = (firstWeekday, weekRule, weekRuleName, today)
        self.decision = decision
    }

    /// The Gregorian family directly: the registry builds every system on first use,
    /// including ICU-backed lunar calendars, which costs more than a whole default run.
    public static func system(for calendar: CalendarIdentifier) -> any CalendarSystem {
        switch calendar {
        case .gregorian, .iso8601: return GregorianCalendarSystem(identifier: calendar)
        default: return CalendarSystems.system(for: calendar)
        }
    }

    public var context: PolicyContext {
        PolicyContext(calendar: system, today: today, selection: [], decision: decision, overrides: overrides)
    }

    /// The overrides covering the question's context whose window meets `[from, to)`, by start.
    public func overrides(from: Int64, to: Int64) -> [Override] {
        overrides.filter { $0.applies(to: decision) && $0.from < to && $0.end > from && $0.end > $0.from }
            .sorted { ($0.from, $0.id) < ($1.from, $1.id) }
    }
}
