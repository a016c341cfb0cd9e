import CalendarCore
import PolicyEngine
import Rendering

/// `calpolicy select [POLICY ...] --mode MODE --tap DAY [--tap DAY ...]`: replays taps
/// through CalendarCore's selection rules, as a user tapping a calendar would.
enum SelectCommand {
    static func run(_ parsed: ParsedArguments, console: Console) throws(CLIError) -> Int32 {
        let settings = try DisplaySettings.resolve(parsed, console: console)
        let (request, format): (SelectRequest, DocumentFormat)
        do throws(UsageError) {
            (request, format) = try self.request(parsed)
        } catch {
            throw .usage(error)
        }
        let builtIns = try PolicyLoader.builtIns(parsed)
        let files = try PolicyLoader.load(parsed.positionals, today: settings.today, verbose: parsed.has("verbose"))
        let outcome: SelectOutcome
        do {
            outcome = try SelectReplay.run(request, stack: PolicyStack(files + builtIns), context: settings.context,
                                           firstWeekday: settings.firstWeekday,
                                           policies: parsed.positionals.map(PolicyIdentity.tidy))
        } catch let refusal as SelectionController.StateRefusal {
            let option = refusal.day != nil && refusal.day == request.pending ? "--pending" : "--selection"
            throw .refused("\(option): " + SelectReplay.describe(refusal))
        } catch {
            throw CLIError(policyFailure: error)
        }
        console.write(format == .json ? outcome.json : outcome.text)
        return outcome.allAccepted ? ExitCode.ok : ExitCode.stop
    }

    /// What a `select` command line (or a request shaped like one) asks: every usage
    /// problem is found here, before any policy runs.
    static func request(_ parsed: ParsedArguments) throws(UsageError) -> (SelectRequest, DocumentFormat) {
        let mode: SelectionMode
        let taps: [Day]
        let limits: SelectionLimits
        let format: DocumentFormat
        let rangeRule: RangeRule
        let state: [Day]
        let pending: Day?
        guard let chosen = try parsed.choice(CommandCatalog.mode, as: SelectionMode.self) else {
            throw UsageError.missingOption(CommandCatalog.mode.display)
        }
        mode = chosen
        taps = try parsed.all("tap").map { text throws(UsageError) in
            try ValueParser.day(text, option: CommandCatalog.tap)
        }
        // Nothing to replay would print an empty selection and exit 0, as if it were asked.
        if taps.isEmpty { throw UsageError.missingOption(CommandCatalog.tap.display) }
        // A limit the chosen mode never applies would be ignored without a word.
        for (option, modes) in [(CommandCatalog.maxCount, [SelectionMode.multiple]),
                                (CommandCatalog.minLength, [.range]), (CommandCatalog.maxLength, [.range])]
        where parsed.has(option.name) && !modes.contains(mode) {
            throw UsageError.invalidValue(parsed.value(option.name) ?? "", option: option.display,
                                          reason: "applies only to --mode \(modes.map(\.rawValue).joined(separator: "|"))")
        }
        if parsed.has(CommandCatalog.rangeRule.name) && mode != .range {
            throw UsageError.optionProblem("--\(CommandCatalog.rangeRule.name)",
                                           problem: "applies only to --mode range, not --mode \(mode.rawValue)")
        }
        rangeRule = try parsed.choice(CommandCatalog.rangeRule, as: RangeRule.self) ?? .reject
        state = try parsed.all(CommandCatalog.selection.name)
            .flatMap { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
            .map { text throws(UsageError) in try ValueParser.day(text, option: CommandCatalog.selection) }
        pending = try parsed.value(CommandCatalog.pending.name).map { text throws(UsageError) in
            try ValueParser.day(text, option: CommandCatalog.pending)
        }
        if pending != nil && mode != .range {
            throw UsageError.optionProblem("--\(CommandCatalog.pending.name)",
                                           problem: "applies only to --mode range, not --mode \(mode.rawValue)")
        }
        // A range tap asks the policies about every day inside it; keep that within
        // the same 400-year bound `eval` has, so no tap pair can run for minutes.
        let allDays = taps + state + (pending.map { [$0] } ?? [])
        if let first = allDays.min(), let last = allDays.max(),
           first.distance(to: last) >= SpanResolver.maximumDays {
            throw UsageError.invalidValue(last.iso, option: CommandCatalog.tap.display,
                                          reason: "taps must lie within \(SpanResolver.maximumDays) days (400 years) of each other")
        }
        func count(_ option: OptionSpec) throws(UsageError) -> Int? {
            try parsed.value(option.name).map { text throws(UsageError) in
                try ValueParser.integer(text, option: option, in: 1...Int.max)
            }
        }
        limits = SelectionLimits(minLength: try count(CommandCatalog.minLength),
                                 maxLength: try count(CommandCatalog.maxLength),
                                 maxCount: try count(CommandCatalog.maxCount))
        if let min = limits.minLength, let max = limits.maxLength, max < min {
            throw UsageError.invalidValue(String(max), option: CommandCatalog.maxLength.display,
                                          reason: "must not be less than --min-length \(min)")
        }
        format = try parsed.choice(CommandCatalog.selectFormat, as: DocumentFormat.self) ?? .text
        return (SelectRequest(mode: mode, selection: state, pending: pending, taps: taps,
                              rangeRule: rangeRule, limits: limits), format)
    }
}
