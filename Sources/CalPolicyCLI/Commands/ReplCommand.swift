import CalPolicyArguments
import CalPolicyRequests
import CalendarCore
import Glibc

/// `calpolicy repl POLICY...`: asks the stack one question a line. Each answer is the command
/// line's own: a day and a month are `eval`'s, an instant is `gate --at`'s, `explain` is
/// `explain`'s, run through the same dispatcher (same sandbox, same run limits, same renderers),
/// so the words are theirs. The policy files are read again for every answer, so a saved edit
/// shows in the next one; `reload` says at once whether the stack still loads.
enum ReplCommand: RunnableCommand {
    /// Owns its runs: one per answer, so a question that runs long stops alone, not the session.
    static var command: Command { Command(spec: spec, run: run, ownsRuns: true) }

    static let spec = CommandSpec(
        name: "repl",
        abstract: "Ask the stack one question a line: a day, a month, an instant, explain DATE.",
        positionalUsage: "POLICY ...",
        options: [OptionCatalogue.today, OptionCatalogue.timeZone] + OptionCatalogue.contextOptions
            + [CommandCatalog.timeout, CommandCatalog.verbose, CommandCatalog.help],
        discussion: """
        Each line is one question, answered as the command that owns it answers it: a day
        (2026-12-24) and a month (2026-12) as eval, an instant (2026-12-24T13:00+01:00) as gate
        --at, explain DATE... as explain. context KEY=VALUE sets the decision context of later
        answers (context: show it; context clear: empty it); reload says whether the stack still
        loads; help lists this. Policy files are read again for each answer. Ctrl-C cancels a
        running answer, Ctrl-D (end of input) leaves with exit 0. On a terminal lines are edited
        with libedit and kept in $XDG_STATE_HOME/calpolicy/history (else
        ~/.local/state/calpolicy/history); otherwise lines are read from standard input.
        """
    )

    static let help = """
    2026-12-24                  the day (as eval --from/--to)
    2026-12                     the month (as eval --month)
    2026-12-24T13:00+01:00      open or closed at that instant (as gate --at)
    explain 2026-12-24 ...      what each policy answered, and the line (as explain)
    context KEY=VALUE ...       the decision context of later answers (context: show; context clear)
    reload                      read the policies again and say whether they load
    help                        this list; Ctrl-C cancels an answer, Ctrl-D leaves

    """

    /// What every answer passes on from the session (`--today`, the context, the limits).
    struct Session {
        var policies: [String]
        var today: String?
        var timeZone: String?
        var timeout: String?
        var verbose: Bool
        var context: [String]
        var contextFile: String?

        func common(zoned: Bool) -> [String] {
            var words: [String] = []
            if let today { words += ["--today", today] }
            if zoned, let timeZone { words += ["--time-zone", timeZone] }
            if let contextFile { words += ["--context-file", contextFile] }
            for entry in context { words += ["--context", entry] }
            if let timeout { words += ["--timeout", timeout] }
            if verbose { words.append("--verbose") }
            return words
        }

        /// The command line that answers `input`, nil for what the session answers itself.
        func arguments(for input: ReplInput) -> [String]? {
            switch input {
            case .day(let day): return ["eval"] + policies + ["--from", day, "--to", day] + common(zoned: true)
            case .month(let month): return ["eval"] + policies + ["--month", month] + common(zoned: true)
            case .instant(let instant): return ["gate"] + policies + ["--at", instant] + common(zoned: true)
            case .explain(let dates): return ["explain"] + policies + dates + common(zoned: false)
            default: return nil
            }
        }
    }

    @_optimize(none)  // each line calls back into the dispatcher (see CLI.run)
    static func run(_ parsed: RequestValues, console: Console) throws(CLIError) -> Int32 {
        guard !parsed.positionals.isEmpty else { throw .usage(.missingArgument("POLICY")) }
        if parsed.positionals.contains("-") {
            throw .usage(.badPolicyPath("-", problem: "standard input holds the questions; expected policy files"))
        }
        var session = Session(policies: parsed.positionals, today: parsed.value(OptionCatalogue.today),
                              timeZone: parsed.value(OptionCatalogue.timeZone), timeout: parsed.value(CommandCatalog.timeout),
                              verbose: parsed.has("verbose"), context: parsed.all(OptionCatalogue.context.name),
                              contextFile: parsed.value(OptionCatalogue.contextFile))
        let editor = LineEditor(historyFile: LineEditor.defaultHistoryFile { getenv($0).map { String(cString: $0) } })
        ReplInterrupt.install()
        if editor.interactive { say("calpolicy repl: \(session.policies.count) policies; help lists the questions, Ctrl-D leaves") }
        while true {
            let line: String
            switch editor.read(prompt: "calpolicy> ") {
            case .end:
                if editor.interactive { say("") }
                return ExitCode.ok
            case .cancelled:
                if editor.interactive { say("") }
                continue
            case .line(let text): line = text
            }
            editor.remember(String(line.drop { $0 == " " || $0 == "\t" }))
            let input = ReplInput.parse(line)
            if let arguments = session.arguments(for: input) {
                answer(arguments)
                continue
            }
            switch input {
            case .nothing: continue
            case .quit: return ExitCode.ok
            case .help: write(help, to: 1)
            case .reload: reload(session)
            case .context(let words): context(words, session: &session)
            case .unknown(let text):
                say("calpolicy: repl: unknown question '\(text)'; expected a day (2026-12-24), a month (2026-12), "
                    + "an instant (2026-12-24T13:00+01:00), explain DATE, context KEY=VALUE, reload or help", to: 2)
            case .day, .month, .instant, .explain: continue  // answered above
            }
        }
    }

    /// Runs one command line as `calpolicy` would, printing what it prints; Ctrl-C stops it.
    @discardableResult
    static func answer(_ arguments: [String]) -> Int32 {
        let console = Console.standard(streaming: false)
        let status = ReplInterrupt.answering { started in CLI.run(arguments, console: console, started: started) }
        console.flush()
        return status
    }

    /// Loads the stack as an answer would (today's day), showing only whether it loads.
    static func reload(_ session: Session) {
        let console = Console(stdoutIsTerminal: false)
        var arguments = ["eval"] + session.policies + ["--format", "json"] + session.common(zoned: true)
        if let today = session.today { arguments += ["--from", today, "--to", today] }
        let status = ReplInterrupt.answering { started in CLI.run(arguments, console: console, started: started) }
        if status == ExitCode.ok {
            say("reloaded: \(session.policies.count) policies load")
        } else {
            write(console.err, to: 2)
        }
    }

    static func context(_ words: [String], session: inout Session) {
        if words == ["clear"] {
            session.context = []
        } else if !words.isEmpty {
            do throws(RequestError) {
                _ = try ValueParser.context(words, option: OptionCatalogue.context)
            } catch {
                write(ErrorRenderer.lines(for: CLIError.request(error), verbose: false).joined(separator: "\n") + "\n", to: 2)
                return
            }
            let keys = Set(words.map { $0.split(separator: "=", maxSplits: 1)[0] })
            session.context = session.context.filter { !keys.contains($0.split(separator: "=", maxSplits: 1)[0]) } + words
        }
        say(session.context.isEmpty ? "context: (none)" : "context: " + session.context.joined(separator: " "))
    }

    static func say(_ line: String, to fd: Int32 = 1) { write(line + "\n", to: fd) }

    static func write(_ text: String, to fd: Int32) { StandardStreams.writeAll(Array(text.utf8), to: fd) }
}
