import CalendarData
import CalPolicyArguments
import CalPolicyRequests
import CalendarCore
import Glibc
import PolicyEngine
import Rendering

/// `calpolicy override add|list|check`: the break-glass override files `gate --overrides DIR`
/// applies, written, listed and checked by the same reader (`OverrideFile`) and review
/// (`OverrideReview`) that load them.
enum OverrideCommand: CommandGroup {
    static let word = "override"
    static let id = OptionSpec.value("id", "ID", help: "The override's name and its file's (ID.json): A-Z a-z 0-9 . _ - (default: --ticket).")
    static let scope = OptionSpec.value("scope", "KEY=VALUE", repeats: true, help: "Where it applies (environment=production); repeat; a key twice: either value; exclude.KEY=VALUE excludes.")
    static let from = OptionSpec.value("from", "INSTANT", help: "When it begins, with an offset (default: now).")
    static let until = OptionSpec.value("until", "INSTANT", help: "When it ends, with an offset (required).")
    static let reason = OptionSpec.value("reason", "TEXT", help: "Why it is needed (required).")
    static let ticket = OptionSpec.value("ticket", "TICKET", help: "The change or incident ticket.")
    static let requestedBy = OptionSpec.value("requested-by", "NAME", help: "Who asked for it.")
    static let approvedBy = OptionSpec.value("approved-by", "NAME", help: "Who approved it (one of a policy's approvers).")
    static let policy = OptionSpec.value("policy", "FILE", repeats: true, help: "A policy it lifts, by file name (freeze.lua); repeat (default: every one).")
    static let dir = OptionSpec.value("dir", "DIR", help: "The overrides folder (default: overrides).")
    static let at = OptionSpec.value("at", "INSTANT", help: "The instant asked about, with an offset (default: now, the system clock read once).")
    static let defaultFolder = "overrides"

    static var command: Command {
        group(
            abstract: "Add, list and check break-glass override files (the folder gate --overrides reads).",
            discussion: """
            calpolicy override add --until INSTANT --reason TEXT [--id ID] [--scope KEY=VALUE ...] [POLICY ...]
              writes DIR/ID.json (never over an existing file), read back by the reader gate uses;
              with POLICY files it is also held against their overridable rules (maxHours, ticket,
              approvers, hard freeze).
            calpolicy override list [--dir DIR] [--at INSTANT] [--context KEY=VALUE ...]
              every file: its window, its state at the instant (future, active, expired, ended),
              whether it covers the context; refused files with their problem. Exits 0.
            calpolicy override check DIR POLICY ... [--at INSTANT]
              for CI: exits 1 when a file is refused, expired but still present, or never
              applicable to the stack (lifts no policy whose scope it can meet, or none of them is
              closed in its window); 0 when every file is good.
            'calpolicy override ACTION --help' shows an action's options.
            """,
            actions: [addAction, listAction, checkAction])
    }

    static let addAction = action(
        "add", abstract: "Write a new override file, checked as gate --overrides reads it.",
        positionalUsage: "[POLICY ...]",
        options: [id, scope, from, until, reason, ticket, requestedBy, approvedBy, policy, dir,
                  CommandCatalog.timeout, CommandCatalog.verbose],
        discussion: """
        Writes DIR/ID.json (DIR made when missing) whole or not at all, and never over an existing
        file: an override is added once, then reviewed and merged like code. Without --id the
        ticket names it when it is an identifier. The file is read back by the reader gate uses
        before it is written, and with POLICY files held against their overridable rules: a hard
        freeze, maxHours, requireTicket, approvers. Prints the path written. Exits 2 on any refusal.
        """,
        run: add
    )

    static let listAction = action(
        "list", abstract: "List the override files: window, state at an instant, whether each covers a context.",
        positionalUsage: "",
        options: [dir, at] + OptionCatalogue.contextOptions + [CommandCatalog.selectFormat],
        discussion: """
        One line a file (text), or {"overrides": [...], "refused": [{"file", "field", "message"}]}
        (json). States at --at: future, active, expired, ended. With --context, whether each
        override's scope covers it (every key of its scope given and matching). Refused files are
        listed with their problem. Exits 0: listing is not a check (see override check).
        """,
        run: list
    )

    static let checkAction = action(
        "check", abstract: "Check an overrides folder against a stack for CI.",
        positionalUsage: "DIR POLICY ...",
        options: [at, CommandCatalog.timeout, CommandCatalog.verbose],
        discussion: """
        A file has a problem when it is refused (as gate --overrides would refuse it), has ended or
        expired (its end is at or before --at) but is still present, or is never applicable: no
        policy of the stack is lifted by it with a scope its own can meet, or none of those is
        closed in [from, until). Problems go to stderr, one line each; good files and a summary to
        stdout. Exits 0 when every file is good, 1 on any problem, 2 on bad usage, 3 on a policy error.
        """,
        run: check
    )

    // MARK: add

    static func add(_ parsed: RequestValues, console: Console) throws(CLIError) -> Int32 {
        let folder = parsed.value(dir) ?? defaultFolder
        let ticketText = parsed.value(ticket)
        let name: String
        if let given = parsed.value(id) {
            guard OverrideFile.isIdentifier(given) else {
                throw .request(RequestError(id, value: given, reason: "expected 1 to 64 of A-Z a-z 0-9 . _ - (not starting with .)"))
            }
            name = given
        } else if let ticketText, OverrideFile.isIdentifier(ticketText) {
            name = ticketText
        } else if let ticketText {
            throw .usage(.optionProblem("--id", problem: "required: the ticket '\(InputEcho.cut(ticketText))' cannot name "
                                        + "the file (A-Z a-z 0-9 . _ -); give --id ID"))
        } else {
            throw .request(RequestError(id, .missing))
        }
        var include: [String: [String]] = [:], exclude: [String: [String]] = [:]
        for entry in parsed.all(scope.name) {
            guard let equals = entry.firstIndex(of: "="), equals != entry.startIndex else {
                throw .request(RequestError(scope, value: entry, reason: "expected KEY=VALUE (environment=production) or exclude.KEY=VALUE"))
            }
            let key = String(entry[..<equals]), value = String(entry[entry.index(after: equals)...])
            if key.hasPrefix("exclude.") {
                exclude[String(key.dropFirst(8)), default: []].append(value)
            } else {
                include[key, default: []].append(value)
            }
        }
        let begin = try parsed.value(from).map { text throws(CLIError) in try instant(text, option: from) } ?? Clock.local.now()
        let untilText = try parsed.required(until)
        let end = try instant(untilText, option: until)
        let why = try parsed.required(reason)
        let override = Override(id: name, scope: DecisionScope(include: include, exclude: exclude), from: begin, until: end,
                                reason: why, ticket: ticketText, requestedBy: parsed.value(requestedBy),
                                approvedBy: parsed.value(approvedBy), policies: parsed.all(policy.name))
        let path = (folder.hasSuffix("/") ? folder : folder + "/") + name + ".json"
        if access(path, F_OK) == 0 { throw .override(exists(path, name)) }
        // The file as it will be, read back by the reader gate uses: one grammar decides.
        let bytes = Array(JSONWriter.write(OverrideRenderer.file(override)).utf8)
        let written: Override
        do { written = try OverrideFile.parse(bytes, file: path) } catch { throw .override(error) }
        if !parsed.positionals.isEmpty {
            let policies = try PolicyLoader.load(parsed.positionals, today: Clock.local.today(), verbose: parsed.has("verbose"))
            console.keepUntilExit(policies)
            do { try OverrideReview.check(written, file: path, policies: policies) } catch { throw .override(error) }
        }
        try makeFolder(folder)
        do {
            try AtomicFile.create(path, bytes: bytes)
        } catch {
            throw .override(error == .exists ? exists(path, name) : OverrideProblem(file: path, error.description))
        }
        console.print(TerminalText.escape(path))
        return ExitCode.ok
    }

    static func exists(_ path: String, _ name: String) -> OverrideProblem {
        OverrideProblem(file: path, field: "id", "'\(name)' already exists; an override is added once (another --id, "
                        + "or change the file under review)")
    }

    /// The overrides folder, made (one level) when missing; anything else there is refused.
    static func makeFolder(_ folder: String) throws(CLIError) {
        var info = stat()
        if stat(folder, &info) != 0 && errno == ENOENT {
            guard mkdir(folder, 0o755) == 0 || errno == EEXIST else {
                throw .override(OverrideProblem(file: folder, "the overrides folder cannot be made: "
                                                + String(cString: strerror(errno)).lowercased()))
            }
        }
        do { _ = try OverrideFolder.files(folder) } catch { throw .override(error) }
    }

    static func instant(_ text: String, option: OptionSpec) throws(CLIError) -> Int64 {
        try CLIError.wrap { () throws(RequestError) in try InstantText.parse(text, option: option) }
    }

    // MARK: list

    static func list(_ parsed: RequestValues, console: Console) throws(CLIError) -> Int32 {
        let folder = parsed.value(dir) ?? defaultFolder
        let format = try parsed.choice(CommandCatalog.selectFormat, default: DocumentFormat.text)
        let moment = try parsed.value(at).map { text throws(CLIError) in try instant(text, option: at) } ?? Clock.local.now()
        var decision: DecisionContext?
        if parsed.has(OptionCatalogue.context) || parsed.has(OptionCatalogue.contextFile) {
            let values = try parsed.withContextFile()
            decision = try CLIError.wrap { () throws(RequestError) in
                try ValueParser.context(values.all(OptionCatalogue.context.name), option: OptionCatalogue.context)
            }
        }
        let entries: [OverrideFolder.Entry]
        do { entries = try OverrideFolder.read(folder) } catch { throw .override(error) }
        var items: [JSONValue] = [], refused: [JSONValue] = [], lines: [String] = []
        for entry in entries {
            switch entry {
            case .loaded(let override, let file):
                let state = override.state(at: moment), covers = decision.map { override.applies(to: $0) }
                items.append(OverrideRenderer.listItem(override, file: file, state: state, covers: covers))
                lines.append(OverrideRenderer.listLine(override, state: state, covers: covers))
            case .refused(let problem):
                refused.append(OverrideRenderer.refusedItem(file: problem.file, field: problem.field, message: problem.message))
                lines.append(OverrideRenderer.refusedLine(file: problem.file, detail: problem.detail))
            }
        }
        if format == .json {
            console.write(OverrideRenderer.list(items, refused: refused))
        } else if lines.isEmpty {
            console.print(TerminalText.escape("no override files in \(folder)"))
        } else {
            for line in lines { console.print(line) }
        }
        return ExitCode.ok
    }

    // MARK: check

    static func check(_ parsed: RequestValues, console: Console) throws(CLIError) -> Int32 {
        let folder = try parsed.firstPositional("DIR")
        let stack = Array(parsed.positionals.dropFirst())
        guard !stack.isEmpty else { throw .usage(.missingArgument("POLICY")) }
        let moment = try parsed.value(at).map { text throws(CLIError) in try instant(text, option: at) } ?? Clock.local.now()
        let today = ZoneWallTime.utc.day(of: moment)
        let entries: [OverrideFolder.Entry]
        do { entries = try OverrideFolder.read(folder) } catch { throw .override(error) }
        let policies = try PolicyLoader.load(stack, today: today, verbose: parsed.has("verbose"))
        console.keepUntilExit(policies)
        let outcomes = try CLIError.wrap { () throws(RequestFailure) in
            try OverrideAudit.run(entries, policies: policies, at: moment, today: today)
        }
        var problems = 0
        for outcome in outcomes {
            if let problem = outcome.problem {
                problems += 1
                for line in ErrorRenderer.lines(for: .override(problem), verbose: false) { console.error(line) }
            } else if let override = outcome.override {
                console.print(TerminalText.escape("\(outcome.file): ok (\(override.state(at: moment).rawValue) from "
                                                  + "\(ZoneWallTime.utc.iso(override.from)) until \(ZoneWallTime.utc.iso(override.until)))"))
            }
        }
        let files = outcomes.count == 1 ? "1 override file" : "\(outcomes.count) override files"
        console.print(TerminalText.escape("\(folder): \(files), \(outcomes.count - problems) good, "
                                          + (problems == 1 ? "1 with a problem" : "\(problems) with problems")))
        return problems == 0 ? ExitCode.ok : ExitCode.stop
    }
}
