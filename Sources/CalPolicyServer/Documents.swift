import CalPolicyRequests
import CalendarCore
import Glibc
import PolicyEngine
import Rendering

/// The documents of the HTTP face, built by the request layer's use cases from typed values:
/// `GET /v1/month` answers with the bytes of `eval --format json`, `POST /v1/select` with
/// those of `select --format json`. Each takes the request's values (the server's defaults
/// overridden by the query), its display settings resolved once, and the leased policies.
enum Documents {
    /// Largest span `GET /v1/days` answers.
    static let daysCap = 1000

    /// The locale a request without `locale` gets: the one `eval` would use in the server's
    /// environment (`LC_ALL`, `LC_TIME`, `LANG`), read once.
    static let environmentLocale: String = {
        var environment: [String: String] = [:]
        for name in ["LC_ALL", "LC_TIME", "LANG"] {
            if let value = getenv(name) { environment[name] = String(cString: value) }
        }
        return EnvironmentLocale.identifier(in: environment)
    }()

    /// What every document of one request shares.
    struct Context {
        var values: RequestValues
        var evaluation: EvaluationOptions
        var paths: [String]
        /// The server's --time-zone, resolved at start: the stack's zone when a request names none.
        var defaultZone = ZoneWallTime.utc
        var settings: DisplaySettings { evaluation.settings }
    }

    /// `eval --format json` over the span `values` give (`month`, `year`, `week`, `from`/`to`);
    /// `daysCap`: the most days the span may hold, named in the refusal.
    static func eval(_ context: Context, policies: [any DayPolicy], daysCap: Int? = nil) throws(RequestFailure) -> [UInt8] {
        let question = try requestStep { () throws(RequestError) in
            try EvalUseCase.question(context.values, settings: context.settings, format: .json,
                                     fallbackZone: context.defaultZone, daysCap: daysCap)
        }
        // Into a buffer that is dropped on a policy error (the route answers 500 instead).
        let buffer = DocumentBuffer()
        try EvalUseCase.write(question, as: .json, paths: context.paths, evaluation: context.evaluation,
                              policies: policies, to: buffer)
        return buffer.bytes
    }

    /// `eval --format ics` over `from`/`to` (default: this year and the next, at most the
    /// export cap): the feed a calendar app subscribes to (`GET /v1/calendar.ics`).
    /// `only`, `policy` and `exclude` filter its windows; it is named after the stack.
    static func ics(_ context: Context, policies: [any DayPolicy], stack: String) throws(RequestFailure) -> [UInt8] {
        let request = try requestStep { () throws(RequestError) in
            FeedUseCase.Request(span: try SpanResolver.resolveForExport(context.values, settings: context.settings),
                                filter: try FeedUseCase.filter(context.values, evaluation: context.evaluation, policies: policies),
                                zone: try StackZone.resolve(context.values, fallback: context.defaultZone))
        }
        let feed = try FeedUseCase.run(request, paths: context.paths, evaluation: context.evaluation, policies: policies)
        let buffer = DocumentBuffer()
        EvalICSRenderer.render(feed, name: stack, to: buffer)
        return buffer.bytes
    }

    /// A period holding `date`, moved by `step` (-1, 0, 1), with its neighbours.
    static func period(_ context: Context) throws(RequestFailure) -> [UInt8] {
        let values = context.values
        let answer = try requestStep { () throws(RequestError) in
            try PeriodUseCase.resolve(kind: values.value(OptionCatalogue.kind) ?? "",
                                      date: values.value(OptionCatalogue.date) ?? "",
                                      step: values.value(OptionCatalogue.step) ?? "0", settings: context.settings)
        }
        return Array(PeriodRenderer.json(answer).utf8)
    }

    /// `explain --format json` for one day; `sources` are loaded again with tracing on. The stack
    /// is asked in its paths' order, built-in references (`holidays:DE-BE`) among the files, as
    /// the CLI's `explain` asks it; `selection` is the days already selected, read as `select` reads them.
    static func explain(_ context: Context, sources: [(path: String, bytes: [UInt8])],
                        verbose: Bool) throws(RequestFailure) -> [UInt8] {
        let (day, selection) = try requestStep { () throws(RequestError) in
            (try ValueParser.day(context.values.value(OptionCatalogue.date) ?? "", option: OptionCatalogue.date),
             Array(Set(try SelectUseCase.selection(context.values))).sorted())
        }
        let explanations = try ExplainUseCase.explain([day], sources: sources.filter { !BuiltInReference.isReference($0.path) },
                                                      arguments: sources.map(\.path), evaluation: context.evaluation,
                                                      selection: selection, print: PolicyPrintLine.handler(verbose: verbose))
        return Array(ExplainRenderer.json(explanations[0]).utf8)
    }

    /// `select --format json`: the selection request comes from the JSON body (`SelectBody`).
    static func select(_ context: Context, policies: [any DayPolicy]) throws(RequestFailure) -> [UInt8] {
        let request = try requestStep { () throws(RequestError) in try SelectUseCase.request(context.values) }
        let outcome = try SelectUseCase.run(request, policies: policies, builtIns: context.evaluation.builtIns,
                                            settings: context.settings, paths: context.paths)
        return Array(outcome.json.utf8)
    }

    /// `workdays --format json`: `from` and `days` add, `from` and `to` count (`WorkdaysUseCase`).
    static func businessDays(_ context: Context, policies: [any DayPolicy]) throws(RequestFailure) -> [UInt8] {
        let question = try requestStep { () throws(RequestError) in try WorkdaysUseCase.request(context.values, action: nil) }
        let answer = try WorkdaysUseCase.run(question, policies: policies, evaluation: context.evaluation)
        return Array(WorkdaysRenderer.document(answer, policies: context.paths, json: true).utf8)
    }

    /// `revalidate --format json`: the stored selections of the body the stack now refuses.
    static func revalidate(_ context: Context, policies: [any DayPolicy],
                           selections: [RevalidateUseCase.StoredSelection]) throws(RequestFailure) -> [UInt8] {
        let answer = try RevalidateUseCase.run(selections, policies: policies, evaluation: context.evaluation)
        return Array(JSONWriter.write(RevalidateRenderer.json(answer, policies: context.paths)).utf8)
    }

    /// `gate --format json` for the question the router parsed (`GateQuestion.parse`).
    /// The gate's answer, and the same answer as the decision log records it.
    static func gate(_ context: Context, question: GateUseCase.Question, policies: [any DayPolicy],
                     overrides: [Override] = []) throws(RequestFailure) -> (body: [UInt8], answer: JSONValue) {
        let state = try GateUseCase.run(question, policies: policies + context.evaluation.builtIns, overrides: overrides)
        let body = Array(JSONWriter.write(GateRenderer.json(state, zone: question.zone, policies: context.paths)).utf8)
        return (body, DecisionRecordRenderer.gateAnswer(state, zone: question.zone, policies: context.paths))
    }

    /// The gate's question of a request: `at` (an instant with its offset) in `timeZone` (default:
    /// the server's --time-zone); policies see today as the instant's date there unless `today`
    /// is given. Parsed before the request is queued: the decision log records the today the
    /// policies see, not the server clock's.
    static func gateQuestion(_ values: RequestValues, evaluation: EvaluationOptions,
                             defaultZone: ZoneWallTime) throws(RequestFailure) -> GateUseCase.Question {
        try requestStep { () throws(RequestError) in
            try GateUseCase.request(values, fallbackZone: defaultZone,
                                    today: values.has(OptionCatalogue.today) ? evaluation.settings.today : nil,
                                    decision: evaluation.settings.decision)
        }
    }

    /// A step whose errors are the request's (400), as a request failure.
    static func requestStep<T>(_ body: () throws(RequestError) -> T) throws(RequestFailure) -> T {
        do { return try body() } catch { throw .request(error) }
    }
}
