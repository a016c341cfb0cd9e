import CalPolicyArguments
import CalPolicyRequests
import CalendarCore
import Rendering

/// The commands and their options, in one place so help, "did you mean" and the
/// scanner agree.
enum CommandCatalog {
    static let version = BuildVersion.number
    static var names: [String] { CommandTable.entries.map(\.name) }
    /// In help's order, as the command table lists them.
    static var all: [CommandSpec] { CommandTable.all.map(\.spec) }

    static func spec(named name: String) -> CommandSpec? { CommandTable.command(named: name)?.spec }

    static let help = OptionSpec.flag("help", short: "h", help: "Show help for this command.")
    static let timeout = OptionCatalogue.timeout
    static let verbose = OptionSpec.flag("verbose", short: "v",
                                         help: "Add Lua tracebacks to errors and let policies print to stderr.")

    // The options both faces take come from the one catalogue (`OptionCatalogue`).
    static let month = OptionCatalogue.month
    static let year = OptionCatalogue.year
    static let week = OptionCatalogue.week
    static let from = OptionCatalogue.from
    static let to = OptionCatalogue.to
    static let calendar = OptionCatalogue.calendar
    static let locale = OptionCatalogue.locale
    static let firstWeekday = OptionCatalogue.firstWeekday
    static let today = OptionCatalogue.today
    static let weekRule = OptionCatalogue.weekRule
    static let weekNumbers = OptionSpec.flag("week-numbers", help: "Show week numbers in text output.")
    static let legend = OptionSpec.choice("legend", LegendStyle.allCases,
                                          help: "Text legend: runs of days (default short), every day, or none.")

    static let include = OptionCatalogue.include
    static let min = OptionCatalogue.min
    static let max = OptionCatalogue.max

    /// The options of every command that evaluates policies (`eval`, `snapshot`, `diff`,
    /// `explain`, `test`), in help's order.
    static let evaluationOptions: [OptionSpec] = [calendar, locale, include, min, max]

    static let evalFormat = OptionSpec.choice("format", EvalFormat.allCases, help: "Output format (default text).")
    static let selectFormat = OptionSpec.choice("format", DocumentFormat.allCases, help: "Output format (default text).")

    static let mode = OptionCatalogue.mode
    static let tap = OptionCatalogue.tap
    static let minLength = OptionCatalogue.minLength
    static let maxLength = OptionCatalogue.maxLength
    static let maxCount = OptionCatalogue.maxCount
    static let rangeRule = OptionCatalogue.rangeRule
    static let selection = OptionCatalogue.selection
    static let pending = OptionCatalogue.pending

    static let eval = CommandSpec(
        name: "eval",
        abstract: "Evaluate policies over a span and show it as a calendar, JSON, CSV, an HTML page or iCalendar.",
        positionalUsage: "[POLICY ...]",
        options: [month, year, week, from, to] + evaluationOptions + [firstWeekday, today, weekRule,
                  OptionCatalogue.timeZone] + OptionCatalogue.contextOptions + [evalFormat, weekNumbers, legend] + OptionCatalogue.feedFilter
                  + [OptionCatalogue.feedName, timeout, verbose, help],
        discussion: """
        Policies stack in argument order: a day is selectable only if every policy allows it;
        the first decoration wins. Without --month, --year, --week or --from/--to: the current month
        (--format html: the current year).
        --month and --year are numbered in the chosen calendar; single dates are Gregorian ISO.
        Text marks: '*' decorated, '!' denied, '#' both, '~' may not be deselected; the legend
        lists runs of days with the same outcome and plain weekends on one line each.
        --format ics: a feed of all-day events, one per window (a run of days on which one
        policy gave the same reason or label, whichever layer decided; the other layers' answers
        in its description), with UIDs that survive a window growing or shrinking; --only,
        --policy and --exclude filter it (names: file stem or reference, comma-separated).
        Without a span option, this year and the next; at most 3660 days.
        """
    )

    static let select = CommandSpec(
        name: "select",
        abstract: "Replay taps through the selection rules and show what was selected.",
        positionalUsage: "[POLICY ...]",
        options: [mode, tap, selection, pending, rangeRule, minLength, maxLength, maxCount, selectFormat, calendar,
                  firstWeekday, today] + OptionCatalogue.contextOptions + [include, min, max, timeout, verbose, help],
        discussion: """
        Exits 1 when any tap was rejected, so a script can ask whether a selection is allowed.
        --selection and --pending replay from where a picker stands; each of their days is
        asked again (a denied one is refused, exit 1). --range-rule skip: a range whose ends are
        selectable selects only its selectable days; the others are listed as left out.
        """
    )

    static let deny = OptionSpec.flag("deny", help: "The policy denies the days with an event.")
    static let decorate = OptionSpec.flag("decorate", help: "The policy decorates the days with an event.")

    static let importICS = CommandSpec(
        name: "import",
        abstract: "Write a policy and its test file that read an .ics file with cal.ics.",
        positionalUsage: "FILE.ics",
        options: [deny, decorate, today, timeout, verbose, help],
        discussion: """
        Writes NAME.lua and NAME_test.lua beside FILE.ics (never over existing files). Without
        --deny or --decorate the policy does both. The file is parsed and the policy evaluated
        for a year from --today first; the test pins the first days it holds.
        """
    )

    static let check = CommandSpec(
        name: "check",
        abstract: "Load each policy and run it over edge days, reporting every problem.",
        positionalUsage: "POLICY ...",
        options: [today, horizon] + OptionCatalogue.contextOptions + [timeout, verbose, help],
        discussion: """
        Edge days: Feb 29s and the days around them, year ends, ISO week 53, DST months,
        Hebrew and Chinese leap months (evaluated in those calendars), and the days around
        --today (default: the clock). Exits 3 on any problem. --horizon fails (exit 1) a policy
        whose data or declared coverage ends before that day.
        """
    )
}
