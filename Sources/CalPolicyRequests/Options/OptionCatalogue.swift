import CalendarCore
import Rendering

/// The one table of the options both faces take: each with its command-line spelling, value
/// name, help text and HTTP parameter. The CLI's commands list these specs; the server reads
/// query parameters by `apiName`; an error names the spec and each face words it.
public enum OptionCatalogue {
    // Span
    public static let month = OptionSpec.value("month", "YYYY-MM", api: "month", help: "Month in the chosen calendar (leap month: YYYY-MML).")
    public static let year = OptionSpec.value("year", "YYYY", api: "year", help: "Whole year in the chosen calendar.")
    public static let week = OptionSpec.value("week", "DATE|YYYY-Www", api: "date", help: "The week holding DATE, or that week under --week-rule, as a strip.")
    public static let from = OptionSpec.value("from", "YYYY-MM-DD", api: "from", help: "First day of the span (Gregorian), with --to.")
    public static let to = OptionSpec.value("to", "YYYY-MM-DD", api: "to", help: "Last day of the span (Gregorian), with --from.")

    // Display
    public static let calendar = OptionSpec.value("calendar", "NAME", api: "calendar", help: "Calendar system to display (default gregorian; see below).")
    public static let locale = OptionSpec.value("locale", "ID", api: "locale", help: "Locale for names and first weekday (default from LANG).")
    public static let firstWeekday = OptionSpec.value("first-weekday", "1-7", api: "firstWeekday", help: "First column, 1 = Sunday ... 7 = Saturday.")
    public static let today = OptionSpec.value("today", "YYYY-MM-DD", api: "today", help: "The day policies see as today (default: the clock).")
    public static let weekRule = OptionSpec.choice("week-rule", WeekRuleChoice.allCases, api: "weekRule", help: "Week numbering (default iso: ISO 8601).")
    public static let timeZone = OptionSpec.value("time-zone", "ZONE", api: "timeZone", help: "IANA zone of the stack: today's date, and hours of policies without a zone (default UTC).")

    // The decision's context (`DecisionContext`): who asks, about what and where.
    public static let context = OptionSpec.value("context", "KEY=VALUE", repeats: true, api: "context", help: "Who asks, about what and where (environment=production, service=api, labels.team=ops); repeat. Scoped policies apply where it matches.")
    public static let contextFile = OptionSpec.value("context-file", "FILE", help: "The context as a JSON object ({\"environment\": \"production\", \"labels\": {\"team\": \"ops\"}}).")
    public static let contextOptions = [context, contextFile]
    /// Break-glass overrides: a folder of reviewed files, one per override (docs/scopes.md).
    public static let overrides = OptionSpec.value("overrides", "DIR", help: "Apply the overrides in DIR (one JSON file each) to questions their scope covers.")

    // The decision log (`serve`, `gate`)
    public static let decisionLogMask = OptionSpec.value("decision-log-mask", "KEY[,KEY]", repeats: true, help: "Log these context keys only as sha256:<hex> of their value (actor, labels.*); repeat or comma-separate.")

    // Instants (`gate`)
    public static let at = OptionSpec.value("at", "INSTANT", api: "at", help: "The instant asked about, ISO 8601 with an offset (2026-12-24T13:05:00+01:00 or ...Z).")

    // Built-in policies
    public static let include = OptionSpec.choice("include", IncludeChoice.allCases, api: "include", help: "Only allow these days.")
    public static let min = OptionSpec.value("min", "YYYY-MM-DD", api: "min", help: "Deny days before this day.")
    public static let max = OptionSpec.value("max", "YYYY-MM-DD", api: "max", help: "Deny days after this day.")

    // Selection
    public static let mode = OptionSpec.choice("mode", SelectionMode.allCases, api: "mode", help: "Selection mode (required).")
    public static let tap = OptionSpec.value("tap", "YYYY-MM-DD", repeats: true, api: "taps", help: "Tap a day; repeat, in order.")
    public static let minLength = OptionSpec.value("min-length", "N", api: "limits.minLength", help: "Shortest allowed range, in days.")
    public static let maxLength = OptionSpec.value("max-length", "N", api: "limits.maxLength", help: "Longest allowed range, in days.")
    public static let maxCount = OptionSpec.value("max-count", "N", api: "limits.maxCount", help: "Most days a multiple selection may hold.")
    public static let rangeRule = OptionSpec.choice("range-rule", RangeRule.allCases, api: "rangeRule", help: "Range mode: reject a range holding a denied day (default) or skip it.")
    public static let selection = OptionSpec.value("selection", "YYYY-MM-DD", repeats: true, api: "selection", help: "A day already selected (re-checked); repeat or comma-separate.")
    public static let pending = OptionSpec.value("pending", "YYYY-MM-DD", api: "pending", help: "Range mode: a first endpoint already tapped (re-checked).")

    // Questions about one day or period (the HTTP API's `date`, `kind`, `step`; the CLI's DATE argument)
    public static let date = OptionSpec.value("date", "YYYY-MM-DD", api: "date", help: "The day asked about.")
    public static let kind = OptionSpec.value("kind", "week|month|year", api: "kind", help: "The kind of period.")
    public static let step = OptionSpec.value("step", "-1|0|1", api: "step", help: "Move the period back or forward.")

    // Business days (`workdays`, `GET /v1/business-days`): a signed count of business days.
    public static let days = OptionSpec.value("days", "N", api: "days", help: "Business days to move: negative goes back.")

    // The subscription feed (`eval --format ics`, `GET /v1/calendar.ics`): which windows it holds.
    public static let only = OptionSpec.choice("only", FeedFilter.Kind.allCases, api: "only", help: "iCalendar: only the windows that deny, or that decorate.")
    public static let policy = OptionSpec.value("policy", "NAME[,NAME]", api: "policy", help: "iCalendar: only these policies' windows (file stem or reference).")
    public static let exclude = OptionSpec.value("exclude", "NAME[,NAME]", api: "exclude", help: "iCalendar: leave out these policies' windows.")
    /// The command line's name for the feed; the server names it after the stack.
    public static let feedName = OptionSpec.value("feed-name", "TEXT", help: "iCalendar: the calendar's name (default: the policies' names).")
    /// The feed's filter options, in the order help lists them.
    public static let feedFilter: [OptionSpec] = [only, policy, exclude]

    // Several stacks at once (`overlay`, `GET /v1/overlay`): the server's stacks by name, and
    // the day from which to find the first one every stack allows.
    public static let stacks = OptionSpec.value("stacks", "NAME,NAME", api: "stacks", help: "The server's named stacks to overlay, comma-separated.")
    public static let nextCommonOpen = OptionSpec.value("next-common-open", "DAY|INSTANT", api: "nextCommonOpen", help: "The first day at or after this one every stack allows (an instant, or hours: the first open instant).")
    public static let minDuration = OptionSpec.value("min-duration", "DURATION", api: "minDuration", help: "With --next-common-open: the next open window of at least this length (2h, 90m).")
    public static let anyStack = OptionSpec.flag("any", help: "At least one stack open (follow-the-sun) instead of every stack; lists uncovered time.")

    // Stored selections (`revalidate`, `diff --selections`, `POST /v1/revalidate`'s body): one
    // JSON object a line, as `select --format json` writes a selection, with an id.
    public static let storedSelections = OptionSpec.value("selections", "FILE", api: "body", help: "Stored selections, one JSON object a line ({\"id\", \"mode\", \"selection\"|\"days\"|\"range\"}); '-': stdin.")

    // Runs
    public static let timeout = OptionSpec.value("timeout", "SECONDS", help: "Stop the whole run after this many seconds (default 5).")

    /// The display options, in the order a request applies them.
    public static let display: [OptionSpec] = [calendar, locale, firstWeekday, weekRule, today]
    /// The built-in policies' options.
    public static let builtIns: [OptionSpec] = [include, min, max]
}
