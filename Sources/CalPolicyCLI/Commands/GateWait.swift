import CalendarCore
import CalendarData
import CalPolicyArguments
import CalPolicyRequests
import Glibc
import PolicyEngine
import Rendering

/// `gate --wait [--max-wait DURATION]`: a pipeline waits for the window instead of failing. The
/// gate is asked at the current instant; while closed, the command sleeps until the computed
/// reopening instant (plus up to a second of jitter, so a fleet of jobs does not wake at once),
/// waking early when a policy file or the overrides folder changes (`FileWatch`, as `--watch`
/// waits: a policy may have been edited, or an override added), and asks again with what it re-read.
/// Each change of the answer is one progress line on stderr; open: the open line, exit 0. Still
/// closed when `--max-wait` runs out: exit 1 with the reason. With `--decision-log`, the final
/// answer (the open one, or the closed one given up on) is logged before it is printed; the
/// answers seen while waiting are progress, not decisions, and are not.
enum GateWait {
    static let wait = OptionSpec.flag("wait", help: "Wait until the gate opens (exit 0), sleeping until each reopening and re-reading edited policies.")
    static let maxWait = OptionSpec.value("max-wait", "DURATION", help: "With --wait: give up after DURATION (45s, 10m, 2h; exit 1 with the reason).")

    /// What is asked again on each wake: the stack's files as loaded, and the watch on them
    /// started before they were read (a save while reading is a change).
    struct Stack {
        var policies: [any DayPolicy]
        var overrides: [Override]
        var watched: FileWatch
        /// The stack's digest as loaded (what the decision line records).
        var version: String
    }

    static func run(_ parsed: RequestValues, zone: ZoneWallTime, today: Day?, decision: DecisionContext,
                    log: (file: DecisionLogFile, mask: DecisionMask)?, console: Console) throws(CLIError) -> Int32 {
        let limit = try parsed.value(maxWait).map { text throws(CLIError) in
            try CLIError.wrap { () throws(RequestError) in try ValueParser.waitDuration(text, option: maxWait) }
        }
        let started = Clock.local.now()
        let deadline = limit.map { precise() + Double($0) }
        let names = parsed.positionals.map(PolicyIdentity.tidy)
        var stack = try load(parsed, today: today ?? zone.day(of: started), console: console)
        var shown: String?
        while true {
            let now = Clock.local.now()
            let question = GateUseCase.Question(instant: now, zone: zone, today: today, decision: decision)
            let state = try CLIError.wrap { () throws(RequestFailure) in
                try GateBatchUseCase.run([question], policies: stack.policies, overrides: stack.overrides)[0]
            }
            let line = GateRenderer.text(state, zone: zone, policies: names)
            let final = !state.isClosed || deadline.map { precise() >= $0 } == true
            if final, let log {
                try log.file.append([GateCommand.line(question, state, version: stack.version, policies: names, mask: log.mask)])
            }
            guard state.isClosed else {
                console.write(line + "\n")
                return ExitCode.ok
            }
            if line != shown {
                console.error("calpolicy: gate: waiting: " + line)
                console.passOnErrors()
                shown = line
            }
            if final {
                throw .refused("gate: still closed after --max-wait \(parsed.value(maxWait) ?? ""): " + line)
            }
            // Sleep to the reopening (or an hour, when none is known within the look-ahead),
            // never past the deadline; wake early when a file changes.
            let reopening = state.until.map { Double($0) + Double.random(in: 0..<1) } ?? Double(now + 3600)
            let wake = min(reopening, deadline ?? .infinity)
            if stack.watched.wait(timeout: max(0, wake - precise())) {
                stack = try load(parsed, today: today ?? zone.day(of: Clock.local.now()), console: console)
            }
        }
    }

    /// The wall clock in seconds with its fraction: a deadline of "1s" is one second, not up to two.
    static func precise() -> Double { Clock.local.preciseNow() }

    /// The stack and its overrides read (again), with the watch on their files.
    static func load(_ parsed: RequestValues, today: Day, console: Console) throws(CLIError) -> Stack {
        let watched = FileWatch(paths: watchedPaths(parsed))
        let (policies, version) = try PolicyLoader.loadVersioned(parsed.positionals, today: today, verbose: parsed.has("verbose"))
        console.keepUntilExit(policies)
        let overrides = try PolicyLoader.overrides(parsed, policies: policies, console: console)
        return Stack(policies: policies, overrides: overrides, watched: watched, version: version)
    }

    /// Each policy file (and the files beside it), and the overrides folder: a file added,
    /// removed, renamed or edited there wakes the wait.
    static func watchedPaths(_ parsed: RequestValues) -> [String] {
        parsed.positionals.filter { !BuiltInReference.isReference($0) && $0 != "-" }
            + (parsed.value(OptionCatalogue.overrides).map { [$0] } ?? [])
    }
}
