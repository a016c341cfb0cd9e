import CalendarCore

/// How days are shown and what policies see: calendar, locale, first column, week
/// numbering and today, resolved from options with their defaults.
struct DisplaySettings {
    let calendar: CalendarIdentifier
    let system: any CalendarSystem
    let localeIdentifier: String
    let names: DisplayNames
    let firstWeekday: Int
    let weekRule: WeekRule
    /// `iso` or `locale`, as JSON reports it.
    let weekRuleName: String
    let today: Day

    static func resolve(_ parsed: ParsedArguments, console: Console) throws(CLIError) -> DisplaySettings {
        do {
            return try resolveUsage(parsed, console: console)
        } catch {
            throw .usage(error)
        }
    }

    private static func resolveUsage(_ parsed: ParsedArguments, console: Console) throws(UsageError) -> DisplaySettings {
        let calendar = try parsed.value("calendar").map { text throws(UsageError) in
            try ValueParser.calendar(text, option: CommandCatalog.calendar)
        } ?? .gregorian
        let localeIdentifier = try parsed.value("locale").map { text throws(UsageError) in
            try ValueParser.locale(text, option: CommandCatalog.locale)
        } ?? console.environmentLocale
        let names = DisplayNames(locale: localeIdentifier, calendar: calendar)
        let firstWeekday = try parsed.value("first-weekday").map { text throws(UsageError) in
            try ValueParser.integer(text, option: CommandCatalog.firstWeekday, in: 1...7)
        } ?? (calendar == .iso8601 ? 2 : names.firstWeekday)
        let ruleName = try parsed.value("week-rule").map { text throws(UsageError) in
            try ValueParser.choice(text, option: CommandCatalog.weekRule, among: ["iso", "locale"])
        } ?? "iso"
        let today = try parsed.value("today").map { text throws(UsageError) in
            try ValueParser.day(text, option: CommandCatalog.today)
        } ?? WallClock.today()
        return DisplaySettings(
            calendar: calendar, system: system(for: calendar),
            localeIdentifier: localeIdentifier, names: names, firstWeekday: firstWeekday,
            weekRule: ruleName == "locale" ? names.weekRule : .iso8601, weekRuleName: ruleName, today: today)
    }

    /// The Gregorian family directly: the registry builds every system on first use,
    /// including ICU-backed lunar calendars, which costs more than a whole default run.
    static func system(for calendar: CalendarIdentifier) -> any CalendarSystem {
        switch calendar {
        case .gregorian, .iso8601: return GregorianCalendarSystem(identifier: calendar)
        default: return CalendarSystems.system(for: calendar)
        }
    }

    var context: PolicyContext { PolicyContext(calendar: system, today: today, selection: []) }
}
