import CalPolicyArguments
import CalPolicyRequests
import CalendarCore
import PolicyEngine
import Rendering

/// `calpolicy overlay --stack de=POLICY[,POLICY] --stack in=... [--month YYYY-MM |
/// --next-common-open DAY]`: several stacks over one calendar (`OverlayUseCase`).
enum OverlayCommand: RunnableCommand {
    static let stack = OptionSpec.value("stack", "NAME=POLICY[,POLICY]", repeats: true, help: "A named stack: its policies (files, holidays:DE-BE, weekends:IN), comma-separated; repeat.")

    static let spec = CommandSpec(
        name: "overlay",
        abstract: "Show several stacks on one calendar, or the first day every stack allows.",
        positionalUsage: "",
        options: [stack, OptionCatalogue.month, OptionCatalogue.from, OptionCatalogue.to, OptionCatalogue.nextCommonOpen,
                  OptionCatalogue.minDuration, OptionCatalogue.anyStack, OptionCatalogue.timeZone, CommandCatalog.selectFormat, OptionCatalogue.locale, OptionCatalogue.firstWeekday, OptionCatalogue.include,
                  OptionCatalogue.min, OptionCatalogue.max, OptionCatalogue.today, CommandCatalog.timeout,
                  CommandCatalog.verbose, CommandCatalog.help],
        discussion: """
        Each day's cell holds one mark a stack, in the order the stacks are given: 'o' the stack
        allows the day, 'x' it does not; below the calendar, each run of days some stack closes,
        with the stack, reason and policy. Without a span: the month holding --today (at most
        1000 days). --include, --min and --max stack after every stack's policies.
        --next-common-open DAY: the first day at or after DAY that every stack allows, searched
        for 10 years; exits 1 when there is none.

        Closed time: when a stack has hours (hoursFor) or a policy with a zone of its own
        (zone = ..., holidays:US-NY@America/New_York), or --any, --min-duration or --time-zone is
        given, stacks are compared by the instant, each policy in its own zone. A span then lists,
        below the calendar, the windows open in every stack (with --any: the uncovered windows,
        when no stack is open), in --time-zone (default UTC). --next-common-open DAY|INSTANT finds
        the first open instant at or after it (DAY: its midnight in --time-zone) and the window's
        end; --min-duration 2h the first window at least that long; --any the first instant at
        least one stack is open (follow-the-sun coverage).
        """
    )

    static func run(_ parsed: RequestValues, console: Console) throws(CLIError) -> Int32 {
        if let extra = parsed.positionals.first {
            throw .usage(.invalidValue(extra, option: "overlay", reason: "policies go in --stack NAME=POLICY[,POLICY]"))
        }
        let definitions = try CLIError.wrap { () throws(RequestError) in try Self.stacks(parsed.all(stack.name)) }
        let evaluation = try console.evaluation(parsed)
        let settings = evaluation.settings
        let format = try parsed.choice(CommandCatalog.selectFormat, default: DocumentFormat.text)
        let question = try CLIError.wrap { () throws(RequestError) in
            try OverlayUseCase.request(parsed, settings: settings)
        }
        var stacks: [OverlayUseCase.Stack] = []
        for (name, paths) in definitions {
            let files = try PolicyLoader.load(paths, today: settings.today, verbose: parsed.has("verbose"))
            stacks.append(OverlayUseCase.Stack(name: name, stack: PolicyStack(files + evaluation.builtIns),
                                               policies: paths.map(PolicyIdentity.tidy)))
        }
        let answer = try CLIError.wrap { () throws(RequestFailure) in
            try OverlayUseCase.run(question, stacks: stacks, context: settings.context)
        }
        let names = stacks.map(\.documentName)
        let output = format == .json ? JSONWriter.write(OverlayRenderer.json(answer, stacks: names))
            : OverlayRenderer.text(answer, stacks: names, firstWeekday: settings.firstWeekday,
                                   weekdayNames: settings.names.weekdaySymbols(style: .short))
        console.write(output)
        return ExitCode.ok
    }

    /// `de=holidays:DE-BE,weekends:DE` as its name and policies; at least one stack, each name once.
    static func stacks(_ texts: [String]) throws(RequestError) -> [(name: String, paths: [String])] {
        guard !texts.isEmpty else { throw RequestError(stack, .missing) }
        var result: [(name: String, paths: [String])] = []
        for text in texts {
            guard let equals = text.firstIndex(of: "=") else {
                throw RequestError(stack, value: text, reason: "expected NAME=POLICY[,POLICY]")
            }
            let name = String(text[..<equals])
            let paths = text[text.index(after: equals)...].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            guard !name.isEmpty, name.utf8.allSatisfy({ $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") || (48...57).contains($0)
                    || (65...90).contains($0) || (97...122).contains($0) }) else {
                throw RequestError(stack, value: text, reason: "a stack's name is letters, digits, '-' and '_'")
            }
            guard !paths.contains(where: \.isEmpty) else {
                throw RequestError(stack, value: text, reason: "expected NAME=POLICY[,POLICY] with no empty policy")
            }
            guard !result.contains(where: { $0.name == name }) else {
                throw RequestError(stack, value: text, reason: "stack '\(name)' is given twice")
            }
            result.append((name, paths))
        }
        return result
    }
}
