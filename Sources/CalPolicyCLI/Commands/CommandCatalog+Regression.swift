import CalPolicyArguments
import CalPolicyRequests
/// Options and help for the regression commands: test, snapshot, diff, explain.
extension CommandCatalog {
    static let testFormat = format(TestFormat.allCases)
    static let diffFormat = format(DiffFormat.allCases)
    static let explainFormat = format(DocumentFormat.allCases)
    static let out = OptionSpec.value("out", "FILE", help: "Write the output to FILE instead of stdout.")
    static let runFilter = OptionSpec.value("run", "TEXT", help: "Only tests whose name contains TEXT.")
    static let coverage = OptionSpec.flag("coverage", help: "Report lines run and rules that never decided a day.")
    static let updateSnapshots = OptionSpec.flag("update-snapshots", help: "Rewrite stored snapshots instead of checking them.")
    static let explainSelection = OptionSpec.value("selection", "YYYY-MM-DD", repeats: true, help: "A day already selected when policies are asked; repeat or comma-separate.")

    static let test = CommandSpec(
        name: "test",
        abstract: "Run policy test files and verify stored snapshots.",
        positionalUsage: "[PATH ...]",
        options: [runFilter, testFormat, out, coverage, updateSnapshots] + evaluationOptions
            + [WatchLoop.option, timeout, verbose, help],
        discussion: """
        Test files end in '_test.lua' and are found recursively in each PATH (default: policies).
        Snapshots are 'snapshots/*.json' beside them. One line per failed expectation
        ('file:line: test '...': expected ..., got ...'), then 'N passed, N failed'.
        --calendar, --include, --min and --max apply to every test file and snapshot.
        Exits 1 when any test fails, 3 when a test file or a policy cannot load.
        """
    )

    static let snapshot = CommandSpec(
        name: "snapshot",
        abstract: "Write every day of a span as reviewable, diff-friendly JSON.",
        positionalUsage: "POLICY ...",
        options: [OptionCatalogue.year, OptionCatalogue.month, OptionCatalogue.from, OptionCatalogue.to] + evaluationOptions
            + [OptionCatalogue.timeZone, OptionCatalogue.today, out, timeout, verbose, help],
        discussion: """
        One day per line: date, selectable, deselectable, reason, decoration, and for a stack
        with hoursFor the day's closed intervals in --time-zone (default UTC). Policies see
        --today (default: the first day of the span), so the output never depends on the clock.
        Store it as <tests>/snapshots/<policy>-<year>.json and 'calpolicy test' verifies it
        (give 'test' the same --calendar, --include, --min and --max).
        """
    )

    static let diff = CommandSpec(
        name: "diff",
        abstract: "List every day two versions of a policy answer differently.",
        positionalUsage: "OLD NEW",
        options: [OptionCatalogue.year, OptionCatalogue.month, OptionCatalogue.from, OptionCatalogue.to,
                  OptionCatalogue.storedSelections] + evaluationOptions
            + [OptionCatalogue.timeZone, OptionCatalogue.today, diffFormat, timeout, verbose, help],
        discussion: """
        OLD and NEW are files or 'git:REV:path' (read with 'git show REV:path').
        Without a span: this year and the next two, widened to every year either
        version's text names (ISO dates, [2030] keys, year == 2030, cal.easter(2030))
        and every year a stored snapshot of either version covers, at most 400 years
        (more: a warning, and exit 1); the span compared is always printed.
        --include, --min and --max stack after both versions.
        --format html: a page showing each changed day's old and new outcome, by month.
        --selections FILE (stored selections, as revalidate reads them): beside each day the
        change makes unselectable, the ids of the selections holding it, and their count.
        A policy with hoursFor is compared in closed time too: each run of closed time (in
        --time-zone, default UTC) that moved, appeared or went is printed ("start moved
        15:00 → 12:00 on 2026-12-18"), as JSON's "windows".
        Exits 1 when any day or window differs or the default span was cut, 0 when none.
        """
    )

    static let explain = CommandSpec(
        name: "explain",
        abstract: "Show what each policy answered for a day, and the line that decided.",
        positionalUsage: "POLICY ... DATE ...",
        options: [explainSelection] + evaluationOptions + [OptionCatalogue.today] + OptionCatalogue.contextOptions
            + [OptionCatalogue.overrides, explainFormat, timeout, verbose, help],
        discussion: """
        Policies are listed in stack order with canSelect, canDeselect and decorationFor
        answers and the file:line of the return that gave each. Several dates are explained
        one after another (JSON: an array of the documents, in the order given).
        --include, --min and --max follow the policies in the stack, listed by their names.
        --selection gives canSelect and canDeselect the days already selected (default none):
        list the explained day too to ask whether it may be deselected once chosen.
        """
    )
}
