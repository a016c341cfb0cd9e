import CalendarCore
import Rendering

/// `DisplaySettings` from the options (`--calendar`, `--locale`, `--first-weekday`,
/// `--week-rule`, `--today`) and the environment, with their defaults.
extension DisplaySettings {
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
        let rule = try parsed.choice(CommandCatalog.weekRule, as: WeekRuleChoice.self) ?? .iso
        let today = try parsed.value("today").map { text throws(UsageError) in
            try ValueParser.day(text, option: CommandCatalog.today)
        } ?? WallClock.today()
        return DisplaySettings(
            calendar: calendar, system: system(for: calendar),
            localeIdentifier: localeIdentifier, names: names, firstWeekday: firstWeekday,
            weekRule: rule == .locale ? names.weekRule : .iso8601, weekRuleName: rule.rawValue, today: today)
    }
}
