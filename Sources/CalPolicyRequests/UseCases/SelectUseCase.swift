import CalendarCore
import PolicyEngine
import Rendering

/// `select`: taps replayed through CalendarCore's selection rules under a stack, as a user
/// tapping a calendar would; a supplied selection is asked again, never trusted. The CLI's
/// `select` and the server's `POST /v1/select` both come through here.
public enum SelectUseCase {
    /// What a `select` request asks (the CLI's options or the server's JSON body): every
    /// problem with it is found here, before any policy runs.
    public static func request(_ parsed: RequestValues) throws(RequestError) -> SelectRequest {
        let mode: SelectionMode
        let taps: [Day]
        let limits: SelectionLimits
        let rangeRule: RangeRule
        let state: [Day]
        let pending: Day?
        guard let chosen = try parsed.choice(OptionCatalogue.mode, as: SelectionMode.self) else {
            throw RequestError(OptionCatalogue.mode, .missing)
        }
        mode = chosen
        taps = try parsed.all("tap").map { text throws(RequestError) in
            try ValueParser.day(text, option: OptionCatalogue.tap)
        }
        // Nothing to replay would print an empty selection and exit 0, as if it were asked.
        if taps.isEmpty { throw RequestError(OptionCatalogue.tap, .missing) }
        // A limit the chosen mode never applies would be ignored without a word.
        for (option, modes) in [(OptionCatalogue.maxCount, [SelectionMode.multiple]),
                                (OptionCatalogue.minLength, [.range]), (OptionCatalogue.maxLength, [.range])]
        where parsed.has(option.name) && !modes.contains(mode) {
            throw RequestError(option, value: parsed.value(option.name) ?? "",
                               because: .text("applies only to "), .mention(OptionCatalogue.mode),
                               .text(" \(modes.map(\.rawValue).joined(separator: "|"))"))
        }
        if parsed.has(OptionCatalogue.rangeRule.name) && mode != .range {
            throw RequestError(OptionCatalogue.rangeRule,
                               .notApplicable([.text("applies only to "), .mention(OptionCatalogue.mode), .text(" range, not "),
                                               .mention(OptionCatalogue.mode), .text(" \(mode.rawValue)")]))
        }
        rangeRule = try parsed.choice(OptionCatalogue.rangeRule, as: RangeRule.self) ?? .reject
        state = try selection(parsed)
        pending = try parsed.value(OptionCatalogue.pending.name).map { text throws(RequestError) in
            try ValueParser.day(text, option: OptionCatalogue.pending)
        }
        if pending != nil && mode != .range {
            throw RequestError(OptionCatalogue.pending,
                               .notApplicable([.text("applies only to "), .mention(OptionCatalogue.mode), .text(" range, not "),
                                               .mention(OptionCatalogue.mode), .text(" \(mode.rawValue)")]))
        }
        // A range tap asks the policies about every day inside it; keep that within
        // the same 400-year bound `eval` has, so no tap pair can run for minutes.
        let allDays = taps + state + (pending.map { [$0] } ?? [])
        if let first = allDays.min(), let last = allDays.max(),
           first.distance(to: last) >= SpanResolver.maximumDays {
            throw RequestError(OptionCatalogue.tap, value: last.iso,
                               reason: "taps must lie within \(SpanResolver.maximumDays) days (400 years) of each other")
        }
        func count(_ option: OptionSpec) throws(RequestError) -> Int? {
            try parsed.value(option.name).map { text throws(RequestError) in
                try ValueParser.integer(text, option: option, in: 1...Int.max)
            }
        }
        limits = SelectionLimits(minLength: try count(OptionCatalogue.minLength),
                                 maxLength: try count(OptionCatalogue.maxLength),
                                 maxCount: try count(OptionCatalogue.maxCount))
        if let min = limits.minLength, let max = limits.maxLength, max < min {
            throw RequestError(OptionCatalogue.maxLength, value: String(max),
                               because: .text("must not be less than "), .mention(OptionCatalogue.minLength),
                               .text(" \(min)"))
        }
        return SelectRequest(mode: mode, selection: state, pending: pending, taps: taps,
                             rangeRule: rangeRule, limits: limits)
    }

    /// The days already selected (`selection`: repeated, or comma-separated), as given: the one
    /// reading of a selection for `select`, `explain`, `POST /v1/select` and `GET /v1/explain`.
    public static func selection(_ parsed: RequestValues) throws(RequestError) -> [Day] {
        try parsed.all(OptionCatalogue.selection.name)
            .flatMap { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
            .map { text throws(RequestError) in try ValueParser.day(text, option: OptionCatalogue.selection) }
    }

    /// Replays `request` over the policies and built-ins. A supplied day the stack now denies is
    /// refused, naming `selection` or `pending`.
    public static func run(_ request: SelectRequest, policies: [any DayPolicy], builtIns: [any DayPolicy],
                           settings: DisplaySettings, paths: [String]) throws(RequestFailure) -> SelectOutcome {
        do {
            return try SelectReplay.run(request, stack: PolicyStack(policies + builtIns), context: settings.context,
                                        firstWeekday: settings.firstWeekday, policies: paths.map(PolicyIdentity.tidy))
        } catch let refusal as SelectionController.StateRefusal {
            let option = refusal.day != nil && refusal.day == request.pending ? OptionCatalogue.pending
                : OptionCatalogue.selection
            throw .refused(option: option, detail: SelectReplay.describe(refusal))
        } catch {
            throw RequestFailure(policyFailure: error)
        }
    }
}
