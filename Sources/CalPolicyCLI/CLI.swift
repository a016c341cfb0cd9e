import CalendarData
import CalPolicyArguments
import CalPolicyRequests
import CalendarCore
import PolicyEngine
import Glibc

/// Entry point of the command line: takes argv (without the program name), returns
/// the exit code. Everything the user sees goes through `Console`, every error through
/// `ErrorRenderer`.
public enum CLI {
    public static func run(_ arguments: [String]) -> Int32 {
        ignoreBrokenPipe()
        let console = Console.standard()
        // Lua calls need a deep native stack; PolicyEngine moves them to a large-stack
        // thread itself when the current one lacks headroom, so no thread is made here.
        let code = run(arguments, console: console)
        console.flush()
        return code
    }

    /// Runs a command in-process and returns what it would print, without touching the
    /// real stdout or stderr: for fuzzing the argument scanner and for embedding.
    /// `environment` stands in for the variables the CLI reads (`NO_COLOR`, `LANG`, …).
    public static func capture(_ arguments: [String], environment: [String: String] = [:])
        -> (status: Int32, stdout: String, stderr: String)
    {
        let console = Console(stdoutIsTerminal: false, environment: environment)
        let status = run(arguments, console: console)
        return (status, console.out, console.err)
    }

    /// `started` sees each command's `PolicyRun` as it starts (the REPL stops it on Ctrl-C).
    // Not optimized: the REPL and --watch call back into this entry, and the optimizer, inlining
    // through that cycle of closures, took tens of minutes on this module in release builds.
    @_optimize(none)
    static func run(_ arguments: [String], console: Console, started: ((PolicyRun) -> Void)? = nil) -> Int32 {
        // The HTTP server is another executable; hand over before any parsing.
        if arguments.first == "serve" && console.streams {
            return ServeLauncher.exec(Array(arguments.dropFirst()), console: console)
        }
        let tokens = ArgumentToken.tokenise(arguments)
        do {
            return try dispatch(tokens, console: console, started: started)
        } catch {
            for line in ErrorRenderer.lines(for: error, verbose: asksVerbose(tokens)) { console.error(line) }
            return ErrorRenderer.exitCode(for: error)
        }
    }

    /// `--verbose` or `-v` anywhere: asked only when an error is rendered, and outside `run`,
    /// which is not optimised (there, two `contains` over the tokens were ~260,000 instructions
    /// of every start, a tenth of a one-month `eval`).
    private static func asksVerbose(_ tokens: [ArgumentToken]) -> Bool {
        tokens.contains(.long(name: "verbose", value: nil)) || tokens.contains(.short("v"))
    }

    private static func dispatch(_ tokens: [ArgumentToken], console: Console,
                                 started: ((PolicyRun) -> Void)?) throws(CLIError) -> Int32 {
        guard let first = tokens.first else { throw .usage(.missingCommand(expected: CommandCatalog.names)) }
        let rest = Array(tokens.dropFirst())
        switch first {
        case .long("help", nil), .short("h"):
            console.write(TopLevelHelp.text())
            return ExitCode.ok
        case .long("version", nil), .short("V"):
            console.print("calpolicy \(CommandCatalog.version) (\(BuildCommit.current))")
            return ExitCode.ok
        case .positional("help"):
            guard case .positional(let name)? = rest.first else {
                console.write(TopLevelHelp.text())
                return ExitCode.ok
            }
            // `serve` is another executable (see ServeLauncher): its help is its own.
            if name == ServeLauncher.name { return ServeLauncher.exec(["--help"], console: console) }
            var command = try command(named: name)
            if case .positional(let word)? = rest.dropFirst().first, !command.actions.isEmpty {
                command = try action(word, of: command)
            }
            console.write(HelpFormatter.help(for: command.spec))
            return ExitCode.ok
        case .positional(let name):
            var command = try command(named: name)
            var rest = rest
            if !command.actions.isEmpty {
                // `calpolicy override --help`, or no action at all: the group's help or a usage error.
                guard case .positional(let word)? = rest.first else {
                    if rest.contains(.long(name: "help", value: nil)) || rest.contains(.short("h")) {
                        console.write(HelpFormatter.help(for: command.spec))
                        return ExitCode.ok
                    }
                    throw .usage(.missingArgument(command.actions.map(\.actionName).joined(separator: "|")))
                }
                command = try action(word, of: command)
                rest.removeFirst()
            }
            if rest.contains(.long(name: "help", value: nil)) || rest.contains(.short("h")) {
                console.write(HelpFormatter.help(for: command.spec))
                return ExitCode.ok
            }
            let parsed: RequestValues
            do { parsed = try ArgumentScanner(spec: command.spec).scan(rest) } catch { throw .usage(error) }
            if parsed.has(WatchLoop.option) {
                return try WatchLoop.run(command, parsed, console: console) { command, parsed, output in
                    do throws(CLIError) { return try execute(command, parsed, console: output) } catch {
                        for line in ErrorRenderer.lines(for: error, verbose: parsed.has("verbose")) { output.error(line) }
                        return ErrorRenderer.exitCode(for: error)
                    }
                }
            }
            if command.ownsRuns { return try command.run(parsed, console) }
            return try execute(command, parsed, console: console, started: started)
        case .long, .short, .misspelled:
            let suggestion = Suggestion.nearest(to: first.spelling, among: ["--help", "--version"])
            throw .usage(.unknownOption(first.spelling, suggestion: suggestion))
        }
    }

    private static func command(named name: String) throws(CLIError) -> Command {
        guard let command = CommandTable.command(named: name) else {
            throw .usage(.unknownCommand(name, suggestion: Suggestion.nearest(to: name, among: CommandCatalog.names + [ServeLauncher.name]),
                                        expected: CommandCatalog.names))
        }
        return command
    }

    /// The action `word` of a command of actions, else "unknown command 'override ad'; did you
    /// mean 'override add'?".
    static func action(_ word: String, of command: Command) throws(CLIError) -> Command {
        guard let action = command.action(named: word) else {
            let names = command.actions.map { command.name + " " + $0.actionName }
            throw .usage(.unknownCommand(command.name + " " + word,
                                        suggestion: Suggestion.nearest(to: command.name + " " + word, among: names),
                                        expected: names))
        }
        return action
    }

    /// Every command runs as one `PolicyRun`: whatever Lua it runs — loads, day answers,
    /// explain's traced calls, test files — shares the run's deadline and memory. Work
    /// stuck where Lua cannot be interrupted ends the process with one line and exit 3,
    /// since a half-finished command's output would look complete.
    private static func execute(_ command: Command, _ parsed: RequestValues, console: Console,
                                started: ((PolicyRun) -> Void)? = nil) throws(CLIError) -> Int32
    {
        let limits = try RunSettings.limits(parsed)
        let run = PolicyRun(limits: limits, onStuck: { description in
            StandardStreams.writeAll(Array((ErrorRenderer.line(description) + "\n").utf8), to: 2)
            _exit(ExitCode.policy)
        })
        started?(run)
        return try run.perform { () throws(CLIError) -> Int32 in
            try command.run(parsed, console)
        }
    }

    /// `calpolicy eval ... | head` must end quietly, not die of SIGPIPE.
    private static func ignoreBrokenPipe() {
        signal(SIGPIPE, SIG_IGN)
    }
}
