import CalendarData
import CalendarCore
import Rendering

/// `DisplaySettings` from the display options (`calendar`, `locale`, `first-weekday`,
/// `week-rule`, `today`) and the face's environment, with their defaults. Resolved once per
/// request; `today` stays a `Day` from here on.
extension DisplaySettings {
    /// `environmentLocale`: the locale the environment asks for (`EnvironmentLocale`), used
    /// when no `locale` is given. `today`: the day when no `today` is given (else the clock).
    public static func resolve(_ values: RequestValues, environmentLocale: String,
                               today defaultToday: Day? = nil) throws(RequestError) -> DisplaySettings {
        let calendar = try values.value(OptionCatalogue.calendar).map { text throws(RequestError) in
            try ValueParser.calendar(text, option: OptionCatalogue.calendar)
        } ?? .gregorian
        let localeIdentifier = try values.value(OptionCatalogue.locale).map { text throws(RequestError) in
            try ValueParser.locale(text, option: OptionCatalogue.locale)
        } ?? environmentLocale
        let names = DisplayNames(locale: localeIdentifier, calendar: calendar)
        let firstWeekday = try values.value(OptionCatalogue.firstWeekday).map { text throws(RequestError) in
            try ValueParser.integer(text, option: OptionCatalogue.firstWeekday, in: 1...7)
        } ?? (calendar == .iso8601 ? 2 : names.firstWeekday)
        let rule = try values.choice(OptionCatalogue.weekRule, as: WeekRuleChoice.self) ?? .iso
        let today = try values.value(OptionCatalogue.today).map { text throws(RequestError) in
            try ValueParser.day(text, option: OptionCatalogue.today)
        } ?? defaultToday ?? Clock.local.today()
        return DisplaySettings(
            calendar: calendar, system: system(for: calendar),
            localeIdentifier: localeIdentifier, names: names, firstWeekday: firstWeekday,
            weekRule: rule == .locale ? names.weekRule : .iso8601, weekRuleName: rule.rawValue, today: today,
            decision: try ValueParser.context(values.all(OptionCatalogue.context.name), option: OptionCatalogue.context))
    }
}

/// The locale `LC_ALL`, `LC_TIME` or `LANG` names (first set wins; `C` and `POSIX` are
/// `en_US`), for a request that gives none. Each face passes its own environment.
public enum EnvironmentLocale {
    public static func identifier(in environment: [String: String]) -> String {
        for name in ["LC_ALL", "LC_TIME", "LANG"] {
            guard let value = environment[name], !value.isEmpty else { continue }
            let base = value.split(separator: ".").first.map(String.init) ?? value
            if base == "C" || base == "POSIX" { return "en_US" }
            return base
        }
        return "en_US"
    }
}
