import CalendarCore
import Rendering

/// The options of every command that evaluates policies (`eval`, `snapshot`, `diff`,
/// `explain`, `test`): the calendar policies see and names are shown in, the locale, and
/// the built-in policies `--include`, `--min` and `--max`, parsed once into typed values.
struct EvaluationOptions {
    /// In help's order; each evaluating command lists these among its options.
    static let specs: [OptionSpec] = [CommandCatalog.calendar, CommandCatalog.locale, CommandCatalog.include,
                                      CommandCatalog.min, CommandCatalog.max]

    /// Calendar, locale and the other display settings the command took (`--today`,
    /// `--first-weekday`, `--week-rule` where it has them).
    let settings: DisplaySettings
    /// `--include`, `--min`, `--max` as policies, stacked after the policy files.
    let builtIns: [any DayPolicy]

    /// Every usage problem is found here, before any policy runs.
    init(_ parsed: ParsedArguments, console: Console) throws(CLIError) {
        settings = try DisplaySettings.resolve(parsed, console: console)
        builtIns = try PolicyLoader.builtIns(parsed)
    }
}
