import CalendarCore
import Rendering

/// The months to draw and the days to evaluate, from `--month`, `--year`,
/// `--week`, `--from/--to` or (none given) the month holding today.
public enum SpanResolver {
    /// A span longer than one Gregorian cycle (400 years) is almost surely a typo and
    /// would take minutes through a Lua policy.
    public static let maximumDays = 146_097

    /// The most days `eval --format ics` exports (about ten years): a calendar subscription
    /// of one event per weekend for centuries is a mistake, and a slow one.
    public static let maximumExportDays = 3_660

    /// The span of `eval --format ics`: as `resolve`, but without a span option this
    /// Gregorian year and the next (from `--today`), and at most `maximumExportDays`.
    public static func resolveForExport(_ parsed: RequestValues, settings: DisplaySettings) throws(RequestError)
        -> ResolvedSpan
    {
        let spanOptions = [OptionCatalogue.month, OptionCatalogue.year, OptionCatalogue.week, OptionCatalogue.from,
                           OptionCatalogue.to]
        guard spanOptions.contains(where: { parsed.has($0.name) }) else {
            let year = settings.today.year
            let first = Day(dayNumber: GregorianMath.dayNumber(year: year, month: 1, day: 1))
            let last = Day(dayNumber: GregorianMath.dayNumber(year: min(year + 1, 9999), month: 12, day: 31))
            return ResolvedSpan(months: [], days: DaySpan(first, last))
        }
        let span = try resolve(parsed, settings: settings)
        guard span.days.count <= maximumExportDays else {
            let option = parsed.has("to") ? OptionCatalogue.to : OptionCatalogue.from
            throw RequestError(option, value: parsed.value(option.name) ?? "",
                               because: .byFace(commandLine: "--format ics exports", api: "a feed holds"),
                               .text(" at most \(maximumExportDays) days; this span has \(span.days.count)"))
        }
        return span
    }

    /// `yearByDefault`: with no span option, the year holding today (the HTML year at a glance)
    /// instead of its month.
    public static func resolve(_ parsed: RequestValues, settings: DisplaySettings,
                               yearByDefault: Bool = false) throws(RequestError) -> ResolvedSpan {
        let given = [OptionCatalogue.month, OptionCatalogue.year, OptionCatalogue.week, OptionCatalogue.from]
            .filter { parsed.has($0.name) }
        if given.count > 1 { throw RequestError(given[0], .conflicts(with: given[1])) }
        if parsed.has("to"), !parsed.has("from") {
            throw RequestError(OptionCatalogue.to, .requires(OptionCatalogue.from))
        }
        let system = settings.system
        if let text = parsed.value("month") {
            let option = OptionCatalogue.month
            let month = try ValueParser.month(text, option: option, calendar: settings.calendar)
            do {
                return ResolvedSpan(months: [month], days: try system.span(of: month), kind: .month(month))
            } catch {
                throw RequestError(option, value: text, reason: error.description)
            }
        }
        if let text = parsed.value("week") {
            let strip = try week(text, settings: settings)
            return ResolvedSpan(months: try months(covering: strip.span, in: system, option: OptionCatalogue.week,
                                                   text: text),
                                days: strip.span, kind: .week(strip))
        }
        if let text = parsed.value("year") {
            let option = OptionCatalogue.year
            let (era, yearText) = ValueParser.eraPrefix(text, calendar: settings.calendar)
            try ValueParser.fourDigitYear(text, option: option, calendar: settings.calendar)
            let year = try ValueParser.year(yearText, option: option)
            if settings.calendar == .japanese, era == nil {
                // As with `--month`, a Japanese year without an era is the Gregorian year,
                // shown in the eras in force during it.
                guard (1...9999).contains(year) else {
                    throw RequestError(option, value: text, reason: "year must be 1...9999")
                }
                let days = DaySpan(Day(dayNumber: GregorianMath.dayNumber(year: year, month: 1, day: 1)),
                                   Day(dayNumber: GregorianMath.dayNumber(year: year, month: 12, day: 31)))
                return ResolvedSpan(months: try months(covering: days, in: system, option: option, text: text),
                                    days: days, kind: .year(era: nil, year: year, gregorian: true))
            }
            do {
                let months = try system.months(inYear: year, era: era)
                return ResolvedSpan(months: months, days: try system.span(ofYear: year, era: era),
                                    kind: .year(era: era, year: year, gregorian: false))
            } catch {
                throw RequestError(option, value: text, reason: error.description)
            }
        }
        if let fromText = parsed.value("from") {
            guard let toText = parsed.value("to") else {
                throw RequestError(OptionCatalogue.from, .requires(OptionCatalogue.to))
            }
            let first = try ValueParser.day(fromText, option: OptionCatalogue.from)
            let last = try ValueParser.day(toText, option: OptionCatalogue.to)
            guard first <= last else {
                throw RequestError(OptionCatalogue.to, value: toText, reason: "must not be before \(fromText)")
            }
            let days = DaySpan(first, last)
            guard days.count <= maximumDays else {
                throw RequestError(OptionCatalogue.to, value: toText,
                                    reason: "span must be at most \(maximumDays) days (400 years)")
            }
            return ResolvedSpan(months: try months(covering: days, in: system, option: OptionCatalogue.from,
                                                   text: fromText),
                                days: days)
        }
        let month = system.date(of: settings.today).month
        if yearByDefault, let year = year(holding: settings.today, month: month, settings: settings) {
            return year
        }
        do {
            return ResolvedSpan(months: [month], days: try system.span(of: month), kind: .month(month))
        } catch {
            throw RequestError(OptionCatalogue.today, value: settings.today.iso, reason: error.description)
        }
    }

    /// The year holding `today` in the displayed calendar, as `--year` would give it (a
    /// Japanese year as the Gregorian one, as `--year` without an era reads it); nil when the
    /// calendar cannot give it, and the caller falls back to the month.
    private static func year(holding today: Day, month: CalendarMonth, settings: DisplaySettings) -> ResolvedSpan? {
        let system = settings.system
        if settings.calendar == .japanese {
            let year = today.components.year
            let days = DaySpan(Day(dayNumber: GregorianMath.dayNumber(year: year, month: 1, day: 1)),
                               Day(dayNumber: GregorianMath.dayNumber(year: year, month: 12, day: 31)))
            guard let months = try? months(covering: days, in: system, option: OptionCatalogue.year,
                                           text: String(year)) else { return nil }
            return ResolvedSpan(months: months, days: days, kind: .year(era: nil, year: year, gregorian: true))
        }
        // A year number without its era where that names today's year (as `--year 2026`), else with it.
        for era in [nil, month.era] {
            guard let months = try? system.months(inYear: month.year, era: era),
                  let days = try? system.span(ofYear: month.year, era: era), days.contains(today) else { continue }
            return ResolvedSpan(months: months, days: days, kind: .year(era: era, year: month.year, gregorian: false))
        }
        return nil
    }

    /// `--week DATE` (the week holding it) or `--week YYYY-Www` (that week under the week
    /// rule), as a strip starting on the first weekday.
    private static func week(_ text: String, settings: DisplaySettings) throws(RequestError) -> WeekStrip {
        let option = OptionCatalogue.week
        if let (year, number) = WeekStrip.parseIdentifier(text) {
            guard (1...9999).contains(year) else {
                throw RequestError(option, value: text, reason: "year must be 0001...9999")
            }
            guard let strip = WeekStrip(week: number, of: year, firstWeekday: settings.firstWeekday,
                                        weekRule: settings.weekRule, today: settings.today) else {
                throw RequestError(option, value: text,
                                    reason: "\(year) has weeks 1...\(settings.weekRule.weeksInYear(year))")
            }
            return strip
        }
        guard text.count == 10 else {
            throw RequestError(option, value: text, reason: "expected a date YYYY-MM-DD or a week YYYY-Www")
        }
        let day = try ValueParser.day(text, option: option)
        let strip = WeekStrip(containing: day, firstWeekday: settings.firstWeekday, weekRule: settings.weekRule,
                              today: settings.today)
        guard Day.supportedRange.contains(strip.span.first), Day.supportedRange.contains(strip.span.last) else {
            throw RequestError(option, value: text, reason: "the week must lie within 0001-01-01...9999-12-31")
        }
        return strip
    }

    private static func months(covering days: DaySpan, in system: any CalendarSystem, option: OptionSpec,
                               text: String) throws(RequestError) -> [CalendarMonth] {
        var month = system.date(of: days.first).month
        var months: [CalendarMonth] = []
        do {
            while true {
                months.append(month)
                if try system.span(of: month).last >= days.last { break }
                month = try system.month(after: month)
            }
        } catch {
            throw RequestError(option, value: text, reason: error.description)
        }
        return months
    }
}
