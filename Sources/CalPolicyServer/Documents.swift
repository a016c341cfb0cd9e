import CalendarCore
import Glibc
import LuaHost
import PolicyEngine
import Rendering

/// A request's failure, classified for HTTP: the message is the CLI's own wording.
public struct ServeFailure: Error, Sendable {
    public enum Kind: Sendable {
        /// A bad parameter (400), `option` names it by its CLI name when known.
        case badRequest
        /// A supplied selection the policies refuse (422).
        case refused
        /// A policy failed: error, budget, memory (500).
        case policy
        /// The request's deadline stopped it (503).
        case timeout
    }

    public var kind: Kind
    public var message: String
    /// The CLI option the problem is about (`month`, `first-weekday`, `tap`), when one is.
    public var option: String?
    public var policyFile: String?
    public var day: Day?

    init(_ error: CLIError) {
        switch error {
        case .usage(let usage):
            self.init(kind: .badRequest, message: usage.description, option: Self.option(of: usage))
        case .policy(let policyError):
            self.init(kind: policyError.kind == .timeout ? .timeout : .policy,
                      message: ErrorRenderer.singleLine(policyError.description), option: nil,
                      policyFile: policyError.file, day: policyError.day)
        case .policyFile(let path, let problem):
            self.init(kind: .policy, message: "\(path): \(problem)", option: nil, policyFile: path)
        case .refused(let message):
            self.init(kind: .refused, message: message, option: nil)
        case .reported:
            self.init(kind: .policy, message: "policy error", option: nil)
        }
    }

    public init(kind: Kind, message: String, option: String?, policyFile: String? = nil, day: Day? = nil) {
        self.kind = kind
        self.message = message
        self.option = option
        self.policyFile = policyFile
        self.day = day
    }

    /// `--month <YYYY-MM>` → `month`: the first option a usage error names.
    static func option(of usage: UsageError) -> String? {
        let named: String?
        switch usage {
        case .invalidValue(_, let option, _), .missingValue(let option), .missingOption(let option),
             .requiresOption(let option, _), .conflictingOptions(let option, _), .optionProblem(let option, _),
             .duplicateOption(let option), .unexpectedValue(_, let option):
            named = option
        default:
            named = nil
        }
        guard let named, named.hasPrefix("--") else { return nil }
        return String(named.dropFirst(2).prefix { $0 != " " && $0 != "=" })
    }
}

/// The documents of `calpolicy serve`, made by the same code as the CLI's commands, so
/// `GET /v1/month` answers with the bytes of `eval --format json` and `POST /v1/select`
/// with those of `select --format json`. Options are given by their CLI names
/// (`first-weekday`), later pairs overriding earlier ones; every value is checked by the
/// CLI's parsers, with the CLI's messages. Policies come loaded (a server keeps them).
public enum ServeDocuments {
    /// Largest span `GET /v1/days` answers.
    public static let daysCap = 1000

    /// The variables `eval` reads (`LANG` and the like for the default locale), read once, so
    /// a request without `locale` gets the locale `eval` would use in the server's environment.
    static let environment: [String: String] = {
        var environment: [String: String] = [:]
        for name in ["LC_ALL", "LC_TIME", "LANG"] {
            if let value = getenv(name) { environment[name] = String(cString: value) }
        }
        return environment
    }()

    /// A console that only collects: documents are built in memory.
    static func console() -> Console { Console(stdoutIsTerminal: false, environment: environment) }

    static func parsed(_ options: [(name: String, value: String)], positionals: [String]) -> ParsedArguments {
        var parsed = ParsedArguments()
        for (name, value) in options { parsed.add(value: value, for: name) }
        for path in positionals { parsed.add(positional: path) }
        return parsed
    }

    /// Checks the display options and returns the day policies see as today.
    public static func today(_ options: [(name: String, value: String)]) throws(ServeFailure) -> Day {
        do throws(CLIError) {
            return try DisplaySettings.resolve(parsed(options, positionals: []), console: ServeDocuments.console()).today
        } catch { throw ServeFailure(error) }
    }

    /// The built-in policies (`include`, `min`, `max`) the options ask for.
    public static func builtIns(_ options: [(name: String, value: String)]) throws(ServeFailure) -> [any DayPolicy] {
        do throws(CLIError) { return try PolicyLoader.builtIns(parsed(options, positionals: [])) } catch {
            throw ServeFailure(error)
        }
    }

    /// The memory budget of one served stack version: every Lua state of its pooled policy
    /// sets draws from it (each state keeps its own cap as well).
    public final class StackMemory: Sendable {
        let pool: LuaMemoryPool
        public init(limit: Int) { pool = LuaMemoryPool(limit: limit) }
        /// Bytes the states hold from the budget (whole chunks of 256 KiB).
        public var used: Int { pool.used }
        public var limit: Int { pool.limit }
    }

    /// Loads one policy of a served stack (`verbose`: policies may print to stderr); its state
    /// draws on `memory` when given, else on the memory of the run loading it.
    public static func load(_ path: String, source: [UInt8], today: Day?, verbose: Bool,
                            memory: StackMemory? = nil) throws(ServeFailure) -> LuaPolicy {
        var options = LuaPolicyOptions()
        options.today = today
        options.memoryPool = memory?.pool
        options.print = PolicyPrintLine.handler(verbose: verbose)
        do throws(CLIError) { return try PolicyLoader.load(path, source: source, options: options) } catch {
            throw ServeFailure(error)
        }
    }

    /// Reads a policy file as `eval` would (the same refusals).
    public static func read(_ path: String) throws(ServeFailure) -> [UInt8] {
        do throws(CLIError) { return try PolicyLoader.read(path) } catch { throw ServeFailure(error) }
    }

    /// `eval --format json` over the span the options give (`month`, `year`, `from`/`to`).
    /// `daysCap`: the most days the span may hold, named in the refusal.
    public static func eval(_ options: [(name: String, value: String)], paths: [String], policies: [any DayPolicy],
                            daysCap: Int? = nil) throws(ServeFailure) -> String {
        do throws(CLIError) {
            let parsed = parsed(options, positionals: paths)
            let console = ServeDocuments.console()
            let evaluation = try EvaluationOptions(parsed, console: console)
            let settings = evaluation.settings
            let span = try SpanResolver.resolve(parsed, settings: settings)
            if let daysCap, span.days.count > daysCap {
                throw CLIError.usage(.invalidValue(span.days.last.iso, option: CommandCatalog.to.display,
                                                   reason: "a span of /v1/days must be at most \(daysCap) days; \(span.days.first.iso)...\(span.days.last.iso) holds \(span.days.count)"))
            }
            let grids = try EvalCommand.grids(span, format: .json, settings: settings)
            let report = try EvalCommand.report(parsed, evaluation: evaluation, span: span, grids: grids,
                                                format: .json, files: policies)
            EvalJSONRenderer.render(report, to: console)
            return console.out
        } catch {
            throw ServeFailure(error)
        }
    }

    /// `eval --format ics` over `from`/`to` (default: this year and the next, at most the
    /// export cap): the feed a calendar app subscribes to (`GET /v1/calendar.ics`).
    public static func ics(_ options: [(name: String, value: String)], paths: [String],
                           policies: [any DayPolicy]) throws(ServeFailure) -> String {
        do throws(CLIError) {
            let parsed = parsed(options, positionals: paths)
            let console = ServeDocuments.console()
            let evaluation = try EvaluationOptions(parsed, console: console)
            let settings = evaluation.settings
            let span = try SpanResolver.resolveForExport(parsed, settings: settings)
            let report = try EvalCommand.report(parsed, evaluation: evaluation, span: span, grids: [],
                                                format: .ics, files: policies)
            EvalICSRenderer.render(report, name: EvalICSRenderer.calendarName(policies: paths), to: console)
            return console.out
        } catch {
            throw ServeFailure(error)
        }
    }

    /// `eval --week DATE --format json`: the week holding `date` (a day, or `YYYY-Www` under
    /// the week rule), starting on the first weekday from the options; a bad `date` is named as such.
    public static func week(_ options: [(name: String, value: String)], date: String, paths: [String],
                            policies: [any DayPolicy]) throws(ServeFailure) -> String {
        do throws(ServeFailure) {
            return try eval(options + [(CommandCatalog.week.name, date)], paths: paths, policies: policies)
        } catch {
            var failure = error
            if failure.option == CommandCatalog.week.name { failure.option = "date" }
            throw failure
        }
    }

    public struct PeriodAnswer {
        public var kind: PeriodKind
        public var current: Period
        public var previous: Period
        public var next: Period
        public var settings: DisplaySettings
    }

    /// A period holding `date`, moved by `step` (-1, 0, 1), with its neighbours.
    public static func period(_ options: [(name: String, value: String)], kind kindText: String, date dateText: String,
                              step stepText: String) throws(ServeFailure) -> PeriodAnswer {
        do throws(CLIError) {
            let settings = try DisplaySettings.resolve(parsed(options, positionals: []), console: ServeDocuments.console())
            guard let kind = PeriodKind(rawValue: kindText), kind == .week || kind == .month || kind == .year else {
                throw CLIError.usage(.invalidValue(kindText, option: "--kind <week|month|year>",
                                                   reason: "expected one of week, month, year"))
            }
            let day: Day
            do { day = try ValueParser.day(dateText, option: .value("date", "YYYY-MM-DD", help: "")) } catch {
                throw CLIError.usage(error)
            }
            guard let step = Int(stepText), (-1...1).contains(step) else {
                throw CLIError.usage(.invalidValue(stepText, option: "--step <-1|0|1>", reason: "expected -1, 0 or 1"))
            }
            do {
                var current = try Period(kind, containing: day, calendar: settings.system,
                                         firstWeekday: settings.firstWeekday)
                if step == 1 { current = try current.next() }
                if step == -1 { current = try current.previous() }
                return PeriodAnswer(kind: kind, current: current, previous: try current.previous(),
                                    next: try current.next(), settings: settings)
            } catch {
                throw CLIError.usage(.invalidValue(dateText, option: "--date <YYYY-MM-DD>",
                                                   reason: String(describing: error)))
            }
        } catch {
            throw ServeFailure(error)
        }
    }

    /// `{kind, date, step, id, first, last, previous: {id, first, last}, next: {…}}`.
    public static func periodJSON(_ answer: PeriodAnswer, date: String, step: Int) -> String {
        // Months and years are named as `--month` and `--year` take them back (eval JSON's `period`).
        func id(_ period: Period) -> String {
            let shown = answer.settings.system.date(of: period.first)
            switch answer.kind {
            case .year: return CalendarMonth.yearText(shown.year)
            case .month: return (try? shown.month.identifier(in: answer.settings.system)) ?? period.first.iso
            default: return period.first.iso
            }
        }
        func bounds(_ period: Period) -> JSONValue {
            .object([("id", .string(id(period))), ("first", .string(period.first.iso)), ("last", .string(period.last.iso))])
        }
        return JSONWriter.write(.object([
            ("kind", .string(answer.kind.rawValue)),
            ("date", .string(date)),
            ("step", .int(step)),
            ("calendar", .string(answer.settings.calendar.rawValue)),
            ("firstWeekday", .int(answer.settings.firstWeekday)),
            ("id", .string(id(answer.current))),
            ("first", .string(answer.current.first.iso)),
            ("last", .string(answer.current.last.iso)),
            ("previous", bounds(answer.previous)),
            ("next", bounds(answer.next)),
        ]))
    }

    /// `explain --format json` for one day; `sources` are loaded again with tracing on.
    public static func explain(_ options: [(name: String, value: String)], date: String,
                               sources: [(path: String, bytes: [UInt8])], verbose: Bool) throws(ServeFailure) -> String {
        do throws(CLIError) {
            // As `explain`: the built-ins (`include`, `min`, `max`) are listed after the policies.
            let evaluation = try EvaluationOptions(parsed(options, positionals: []), console: ServeDocuments.console())
            let settings = evaluation.settings
            let day: Day
            do { day = try ValueParser.day(date, option: .value("date", "YYYY-MM-DD", help: "")) } catch {
                throw CLIError.usage(error)
            }
            var policyOptions = LuaPolicyOptions()
            policyOptions.today = settings.today
            policyOptions.print = PolicyPrintLine.handler(verbose: verbose)
            policyOptions.tracing = true
            do {
                var policies: [LuaPolicy] = []
                for source in sources {
                    policies.append(try LuaPolicy(path: source.path, source: source.bytes, options: policyOptions))
                }
                return ExplainRenderer.json(try PolicyExplanation.explain(day, policies: policies,
                                                                          builtIns: evaluation.builtIns,
                                                                          context: settings.context))
            } catch {
                throw CLIError(policyFailure: error)
            }
        } catch {
            throw ServeFailure(error)
        }
    }

    /// `select --format json`: `select` holds the request by CLI option names (`mode`,
    /// `tap` repeated, `selection`, `pending`, `range-rule`, `min-length`, …).
    public static func select(_ options: [(name: String, value: String)], select: [(name: String, value: String)],
                              paths: [String] = [], policies: [any DayPolicy]) throws(ServeFailure)
        -> (json: String, allAccepted: Bool) {
        let parsed = parsed(options + select, positionals: [])
        let settings: DisplaySettings
        let request: SelectRequest
        let builtIns: [any DayPolicy]
        do throws(CLIError) {
            settings = try DisplaySettings.resolve(parsed, console: ServeDocuments.console())
            do throws(UsageError) { request = try SelectCommand.request(parsed).0 } catch { throw CLIError.usage(error) }
            builtIns = try PolicyLoader.builtIns(parsed)
        } catch {
            throw ServeFailure(error)
        }
        do {
            let outcome = try SelectReplay.run(request, stack: PolicyStack(policies + builtIns),
                                               context: settings.context, firstWeekday: settings.firstWeekday,
                                               policies: paths.map(PolicyIdentity.tidy))
            return (outcome.json, outcome.allAccepted)
        } catch let refusal as SelectionController.StateRefusal {
            let option = refusal.day != nil && refusal.day == request.pending ? "pending" : "selection"
            throw ServeFailure(kind: .refused, message: "\(option): " + SelectReplay.describe(refusal), option: option)
        } catch {
            throw ServeFailure(CLIError(policyFailure: error))
        }
    }
}
