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
    static let verbose = OptionSpec.flag("verbose", short: "v", help: "Add Lua tracebacks to errors and let policies print to stderr.")

    // The options both faces take come from the one catalogue (`OptionCatalogue`); the
    // commands name them there.
    static let weekNumbers = OptionSpec.flag("week-numbers", help: "Show week numbers in text output.")
    static let legend = OptionSpec.choice("legend", LegendStyle.allCases, help: "Text legend: runs of days (default short), every day, or none.")

    /// `--format`, choosing among `cases` (text when not given).
    static func format<Choice: OptionChoice>(_ cases: [Choice]) -> OptionSpec {
        OptionSpec.choice("format", cases, help: "Output format (default text).")
    }
    /// `--batch FILE` of a command that answers one `question` a line (`gate`, `workdays`);
    /// `more` ends its help.
    static func batch(of question: String, _ more: String = "") -> OptionSpec {
        OptionSpec.value("batch", "FILE", help: "Answer one \(question) a line of FILE ('-': standard input), one answer a line\(more).")
    }

    static let evalFormat = format(EvalFormat.allCases)
    static let selectFormat = format(DocumentFormat.allCases)

    /// The options of every command that evaluates policies (`eval`, `snapshot`, `diff`,
    /// `explain`, `test`), in help's order.
    static let evaluationOptions: [OptionSpec] = [OptionCatalogue.calendar, OptionCatalogue.locale] + OptionCatalogue.builtIns

    static let eval = CommandSpec(
        name: "eval",
        abstract: "Evaluate policies over a span and show it as a calendar, JSON, CSV, an HTML page or iCalendar.",
        positionalUsage: "[POLICY ...]",
        options: [OptionCatalogue.month, OptionCatalogue.year, OptionCatalogue.week, OptionCatalogue.from, OptionCatalogue.to]
                  + evaluationOptions + [OptionCatalogue.firstWeekday, OptionCatalogue.today, OptionCatalogue.weekRule,
                  OptionCatalogue.timeZone] + OptionCatalogue.contextOptions + [OptionCatalogue.overrides, evalFormat, weekNumbers, legend]
                  + OptionCatalogue.feedFilter
                  + [OptionCatalogue.feedName, WatchLoop.option, timeout, verbose, help],
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
        options: [OptionCatalogue.mode, OptionCatalogue.tap, OptionCatalogue.selection, OptionCatalogue.pending,
                  OptionCatalogue.rangeRule, OptionCatalogue.minLength, OptionCatalogue.maxLength, OptionCatalogue.maxCount,
                  selectFormat, OptionCatalogue.calendar, OptionCatalogue.firstWeekday, OptionCatalogue.today]
                  + OptionCatalogue.contextOptions + OptionCatalogue.builtIns + [timeout, verbose, help],
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
        options: [deny, decorate, OptionCatalogue.today, timeout, verbose, help],
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
        options: [OptionCatalogue.today, horizon] + OptionCatalogue.contextOptions + [WatchLoop.option, timeout, verbose, help],
        discussion: """
        Edge days: Feb 29s and the days around them, year ends, ISO week 53, DST months,
        Hebrew and Chinese leap months (evaluated in those calendars), and the days around
        --today (default: the clock). Exits 3 on any problem. --horizon fails (exit 1) a policy
        whose data or declared coverage ends before that day.
        """
    )
}
