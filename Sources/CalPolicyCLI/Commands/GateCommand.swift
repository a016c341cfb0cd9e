import CalendarData
import CalPolicyArguments
import CalPolicyRequests
import CalendarCore
import PolicyEngine
import Rendering

/// `calpolicy gate POLICY... (--at INSTANT | --now) [--time-zone Z] [--format text|json]`: open
/// (exit 0) or closed (exit 1, with the reason and the policy) at an instant, and until when
/// (`GateUseCase`). `--batch FILE` answers one instant a line with one load of the stack.
enum GateCommand: RunnableCommand {
    static let now = OptionSpec.flag("now", help: "Ask about the current instant (the system clock, read once).")
    static let batch = CommandCatalog.batch(of: "instant", "; exits 0")
    static let decisionLog = OptionSpec.value("decision-log", "FILE", help: "Append one JSON line per answer to FILE, as serve's decision log writes them (replay reads them).")

    static let spec = CommandSpec(
        name: "gate",
        abstract: "Say whether the stack is open or closed at an instant (a deploy gate), why, and until when.",
        positionalUsage: "POLICY ...",
        options: [OptionCatalogue.at, now, OptionCatalogue.timeZone, OptionCatalogue.today] + OptionCatalogue.contextOptions
            + [OptionCatalogue.overrides, GateWait.wait, GateWait.maxWait, batch, decisionLog, OptionCatalogue.decisionLogMask,
               CommandCatalog.selectFormat, CommandCatalog.timeout, CommandCatalog.verbose, CommandCatalog.help],
        discussion: """
        Exits 0 when open, 1 when closed ("closed until ... — reason (policy)"), 2 on bad input,
        3 on a policy error. A policy closes a whole day where canSelect denies it (00:00 to 24:00
        in its zone) and parts of days with hoursFor; the stack is closed when any policy is, the
        first closing policy giving the reason. Each policy's wall times are in its own zone
        (zone = "Europe/Berlin"), else in --time-zone (default UTC), which also gives the answer's
        offsets and the date policies see as today (unless --today). --at needs an offset (Z or
        +01:00): a local time is never assumed. "Until" looks ahead at most a year.
        --decision-log FILE appends each answer's decision line (the server's shape, route "gate")
        before the answers are printed; a line that cannot be written is exit 2, no answer given.
        """
    )

    static func run(_ parsed: RequestValues, console: Console) throws(CLIError) -> Int32 {
        let format = try parsed.choice(CommandCatalog.selectFormat, default: DocumentFormat.text)
        let zone = try CLIError.wrap { () throws(RequestError) in try StackZone.resolve(parsed) }
        let today = try CLIError.wrap { () throws(RequestError) -> Day? in
            try parsed.value(OptionCatalogue.today).map { text throws(RequestError) in
                try ValueParser.day(text, option: OptionCatalogue.today)
            }
        }
        let contextValues = try parsed.withContextFile()
        let decision = try CLIError.wrap { () throws(RequestError) in
            try ValueParser.context(contextValues.all(OptionCatalogue.context.name), option: OptionCatalogue.context)
        }
        if parsed.has(GateWait.wait) {
            for option in [OptionCatalogue.at, now, batch] where parsed.has(option) {
                throw .request(RequestError(option, .conflicts(with: GateWait.wait)))
            }
            guard !parsed.positionals.isEmpty else { throw .usage(.missingArgument("POLICY")) }
            let (log, mask) = try openLog(parsed)
            return try GateWait.run(parsed, zone: zone, today: today, decision: decision, log: log.map { ($0, mask) },
                                    console: console)
        }
        if parsed.has(GateWait.maxWait) { throw .request(RequestError(GateWait.maxWait, .requires(GateWait.wait))) }
        var questions: [GateUseCase.Question] = []
        if let file = parsed.value(batch) {
            for option in [OptionCatalogue.at, now] where parsed.has(option) {
                throw .request(RequestError(option, .conflicts(with: batch)))
            }
            // A bad line refuses the whole batch (nothing is answered), naming its number and
            // text: answers would otherwise have to be matched to lines by position.
            for (number, text) in WorkdaysCommand.batchLines(try InputFile.read(file, option: batch)) {
                do throws(RequestError) {
                    questions.append(try GateUseCase.batchQuestion(text, zone: zone, today: today,
                                                                   contextEntries: contextValues.all(OptionCatalogue.context.name),
                                                                   base: decision))
                } catch {
                    throw .request(RequestError(batch, value: file, reason: "line \(number + 1): '\(InputEcho.cut(text))': "
                                                    + (error.reason(.commandLine) ?? error.message(.commandLine))))
                }
            }
        } else if parsed.has(OptionCatalogue.at) && parsed.has(now) {
            throw .request(RequestError(now, .conflicts(with: OptionCatalogue.at)))
        } else if let at = parsed.value(OptionCatalogue.at) {
            questions = [try CLIError.wrap { () throws(RequestError) in try GateUseCase.question(at, zone: zone, today: today, decision: decision) }]
        } else if parsed.has(now) {
            questions = [GateUseCase.Question(instant: Clock.local.now(), zone: zone, today: today, decision: decision)]
        } else {
            throw .request(RequestError(OptionCatalogue.at, .missing))
        }
        guard !parsed.positionals.isEmpty else { throw .usage(.missingArgument("POLICY")) }
        let (log, mask) = try openLog(parsed)
        let (files, version) = try PolicyLoader.loadVersioned(parsed.positionals,
                                                              today: today ?? questions.first?.today ?? Clock.local.today(),
                                                              verbose: parsed.has("verbose"))
        console.keepUntilExit(files)
        let overrides = try PolicyLoader.overrides(parsed, policies: files, console: console)
        let states = try CLIError.wrap { () throws(RequestFailure) in
            try GateBatchUseCase.run(questions, policies: files, overrides: overrides)
        }
        let names = parsed.positionals.map(PolicyIdentity.tidy)
        if let log {
            try log.append(zip(questions, states).map { line($0, $1, version: version, policies: names, mask: mask) })
        }
        console.write(GateRenderer.document(states, zone: zone, policies: names, json: format == .json))
        let closed = states.contains(where: \.isClosed)
        return parsed.has(batch) || !closed ? ExitCode.ok : ExitCode.stop
    }

    /// `--decision-log` and its mask, opened before any policy runs: a log that cannot be
    /// written stops the gate unanswered (exit 2), with or without `--wait`.
    static func openLog(_ parsed: RequestValues) throws(CLIError) -> (DecisionLogFile?, DecisionMask) {
        let mask = try CLIError.wrap { () throws(RequestError) in
            try DecisionMask.parse(parsed.all(OptionCatalogue.decisionLogMask.name), option: OptionCatalogue.decisionLogMask)
        }
        if !mask.isEmpty && !parsed.has(decisionLog) { throw .request(RequestError(OptionCatalogue.decisionLogMask, .requires(decisionLog))) }
        let log = try parsed.value(decisionLog).map { path throws(CLIError) in try DecisionLogFile(path, option: decisionLog) }
        return (log, mask)
    }

    /// One answer's decision line, the server's shape with route "gate".
    static func line(_ question: GateUseCase.Question, _ state: GateState, version: String, policies: [String],
                     mask: DecisionMask) -> String {
        var record = DecisionRecord(time: Clock.timestamp(), route: "gate")
        (record.version, record.today, record.context) = (version, question.today.iso, question.decision)
        (record.instant, record.zone) = (question.instant, question.zone)
        record.answer = DecisionRecordRenderer.gateAnswer(state, zone: question.zone, policies: policies)
        return DecisionRecordRenderer.line(record, mask: mask)
    }
}
