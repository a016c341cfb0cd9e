import CalPolicyArguments
import CalPolicyRequests
import CalendarData
import Glibc
import PolicyEngine

/// `eval|test|check --watch`: the author's loop. The command runs, then again on every change
/// to a file it reads (the policies, their test files, and whatever lies beside them: .ics and
/// data files), as `FileWatch` sees it. Each run is a run of its own (its own deadline, as if
/// typed again); a broken edit prints its error and the loop keeps watching. On a terminal
/// each run clears the screen first; otherwise one line introduces each run, so a log reads
/// as a sequence. Ctrl-C or SIGTERM ends it with exit 0: leaving the loop is its normal end.
enum WatchLoop {
    static let option = OptionSpec.flag("watch", help: "Run again on every save of a policy, test or data file beside it (Ctrl-C ends, exit 0).")

    /// The commands that take `--watch`.
    static let commands: Set<String> = ["eval", "test", "check"]

    @_optimize(none)  // the loop calls back into the dispatcher (see CLI.run)
    static func run(_ command: Command, _ parsed: RequestValues, console: Console,
                    once: (Command, RequestValues, Console) -> Int32) throws(CLIError) -> Int32 {
        // Standard input is read once: a second run would find it empty.
        if parsed.positionals.contains("-") {
            throw .usage(.badPolicyPath("-", problem: "--watch re-reads its files; expected policy files, not standard input"))
        }
        leaveQuietlyOnSignals()
        let watch = FileWatch(paths: watchedPaths(command.name, parsed))
        var count = 0
        while true {
            count += 1
            let output = Console(stdoutIsTerminal: console.stdoutIsTerminal, environment: console.environment)
            let status = once(command, parsed, output)
            var text = console.stdoutIsTerminal ? "\u{1B}[H\u{1B}[2J" : ""
            text += "calpolicy \(command.name) --watch: run \(count), exit \(status)"
            text += count == 1 ? (watch.usesInotify ? "" : " (polling)") : ""
            text += "\n" + output.out
            StandardStreams.writeAll(Array(text.utf8), to: 1)
            StandardStreams.writeAll(Array(output.err.utf8), to: 2)
            _ = watch.wait()
        }
    }

    /// What a run reads: the positional paths (policies, test files or folders; `test` without
    /// any reads `policies`), and the overrides and context files given.
    static func watchedPaths(_ name: String, _ parsed: RequestValues) -> [String] {
        var paths = parsed.positionals.filter { !BuiltInReference.isReference($0) && $0 != "-" }
        if name == "test" && paths.isEmpty { paths = ["policies"] }
        for option in ["overrides", "context-file"] {
            if let value = parsed.value(option) { paths.append(value) }
        }
        return paths
    }

    /// Ctrl-C and SIGTERM end the loop at once with exit 0: each run's output is already out.
    static func leaveQuietlyOnSignals() {
        signal(SIGINT) { _ in _exit(0) }
        signal(SIGTERM) { _ in _exit(0) }
    }
}
