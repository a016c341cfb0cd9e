import CalendarCore
import PolicyEngine
import Rendering

/// `calpolicy serve`'s options: the same specs, scanner and value parsers as the other
/// commands, so a server's command line reads like `eval`'s. The server executable
/// (`calpolicy-serve`) parses through here; it does not appear in the CLI's command table
/// because the CLI only hands it over (`ServeLauncher`).
extension CommandCatalog {
    static let listen = OptionSpec.value("listen", "HOST:PORT",
                                         help: "Address to listen on (default 127.0.0.1:8080; port 0 picks a free one).")
    static let stack = OptionSpec.value("stack", "NAME=POLICY[,POLICY...]", repeats: true,
                                        help: "A named stack; repeat. Requests choose one with stack=NAME.")
    static let tokenFile = OptionSpec.value("token-file", "PATH",
                                            help: "Require 'Authorization: Bearer TOKEN' (the file's first line).")
    static let insecure = OptionSpec.flag("insecure", help: "Allow a non-loopback address without --token-file.")
    static let watch = OptionSpec.flag("watch", help: "Reload a stack when one of its files changes (polled every 250 ms).")
    static let gateTests = OptionSpec.flag("gate-tests",
                                           help: "A reload goes live only if the stack's *_test.lua files pass.")
    static let threads = OptionSpec.value("threads", "N",
                                          help: "Worker threads polling with epoll; 0 (default): a thread per connection.")
    static let cacheEntries = OptionSpec.value("cache-entries", "N",
                                               help: "Answers kept in the response cache (default 4096; 0: none).")
    static let serveTimeout = OptionSpec.value("timeout", "SECONDS",
                                               help: "Deadline of each request (default 2); past it: 503.")
    static let corsOrigin = OptionSpec.value("cors-origin", "ORIGIN",
                                             help: "Allow browser calls from this exact origin (CORS; off by default).")
    static let logFormat = OptionSpec.value("log-format", "text|json",
                                            help: "Access log on stderr: one text (default) or JSON line per request.")
    static let decisionLog = OptionSpec.value("decision-log", "FILE",
                                              help: "Append one JSON line per decision request to FILE (audit).")
    static let timeZone = OptionSpec.value("time-zone", "ZONE",
                                           help: "IANA zone whose current date is today (default UTC; --today fixes it).")

    static let serve = CommandSpec(
        name: "serve",
        abstract: "Answer policy questions over HTTP (JSON API v1; see docs/http-api.md).",
        positionalUsage: "[POLICY ...]",
        options: [listen, stack, include, min, max, calendar, locale, firstWeekday, weekRule, today, serveTimeout,
                  watch, gateTests, tokenFile, insecure, threads, cacheEntries, corsOrigin, logFormat, decisionLog,
                  timeZone, verbose, help],
        discussion: """
        POLICY ... form the stack named 'default'; --stack NAME=... adds more. The first stack
        is the default of every request. Display options are defaults a request may override.
        SIGHUP reloads every stack; a stack goes live only if every policy loads.
        """
    )
}

/// What `calpolicy serve` was asked, checked.
public struct ServeConfiguration: Sendable {
    public struct Stack: Sendable {
        public var name: String
        public var paths: [String]
    }

    public var stacks: [Stack]
    public var host: String
    public var port: UInt16
    public var tokenFile: String?
    public var insecure: Bool
    public var watch: Bool
    public var gateTests: Bool
    public var timeout: Double
    /// 0: a thread per connection.
    public var threads: Int
    /// Response cache capacity (0: no cache).
    public var cacheEntries: Int
    public var verbose: Bool
    /// `--cors-origin`: the one origin allowed to call from a browser (nil: no CORS headers).
    public var corsOrigin: String?
    /// `--log-format json`: access-log lines are JSON objects.
    public var jsonLog: Bool
    /// `--decision-log FILE`.
    public var decisionLog: String?
    /// `--time-zone`: the IANA zone whose current date is today (default UTC).
    public var timeZone: String
    /// Options (by CLI name) a request starts from: calendar, locale, include, …
    public var defaults: [(name: String, value: String)]
    /// Whether `--today` fixed the day (else each request reads the clock).
    public var fixedToday: Bool { defaults.contains { $0.name == "today" } }

    public var isLoopback: Bool { host == "127.0.0.1" || host == "::1" || host.hasPrefix("127.") }
}

/// The outcome of reading a serve command line: a configuration, or text to print and an exit code.
public enum ServeArguments {
    public enum Outcome: Sendable {
        case run(ServeConfiguration)
        case exit(code: Int32, stdout: String, stderr: String)
    }

    static let defaultNames = ["calendar", "locale", "first-weekday", "week-rule", "today", "include", "min", "max"]

    public static func parse(_ arguments: [String], cores: Int) -> Outcome {
        let tokens = ArgumentToken.tokenise(arguments)
        if tokens.contains(.long(name: "help", value: nil)) || tokens.contains(.short("h")) {
            return .exit(code: ExitCode.ok, stdout: HelpFormatter.help(for: CommandCatalog.serve), stderr: "")
        }
        do throws(CLIError) {
            let parsed: ParsedArguments
            do { parsed = try ArgumentScanner(spec: CommandCatalog.serve).scan(tokens) } catch { throw .usage(error) }
            return .run(try configuration(parsed, cores: cores))
        } catch {
            let lines = ErrorRenderer.lines(for: error, verbose: false)
            return .exit(code: ErrorRenderer.exitCode(for: error), stdout: "",
                         stderr: lines.map { $0 + "\n" }.joined())
        }
    }

    static func configuration(_ parsed: ParsedArguments, cores: Int) throws(CLIError) -> ServeConfiguration {
        var stacks: [ServeConfiguration.Stack] = []
        if !parsed.positionals.isEmpty {
            stacks.append(.init(name: "default", paths: parsed.positionals))
        }
        for text in parsed.all(CommandCatalog.stack.name) {
            let parts = text.split(separator: "=", maxSplits: 1).map(String.init)
            let name = parts.first ?? ""
            guard parts.count == 2, !name.isEmpty,
                  name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) else {
                throw .usage(.invalidValue(text, option: CommandCatalog.stack.display,
                                           reason: "expected NAME=POLICY[,POLICY...] with a name of letters, digits, '-' or '_'"))
            }
            if stacks.contains(where: { $0.name == name }) {
                throw .usage(.invalidValue(text, option: CommandCatalog.stack.display,
                                           reason: "stack '\(name)' is named twice"))
            }
            let paths = parts[1].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            stacks.append(.init(name: name, paths: paths))
        }
        guard !stacks.isEmpty else { throw .usage(.missingArgument("POLICY (or --stack NAME=POLICY)")) }
        for stack in stacks {
            for path in stack.paths {
                if path == "-" {
                    throw .usage(.badPolicyPath("-", problem: "a server reads policies from files; standard input cannot be reloaded"))
                }
                _ = try PolicyLoader.read(path)
            }
        }
        var host = "127.0.0.1"
        var port: UInt16 = 8080
        if let text = parsed.value(CommandCatalog.listen.name) {
            guard let colon = text.lastIndex(of: ":"), let number = UInt16(text[text.index(after: colon)...]) else {
                throw .usage(.invalidValue(text, option: CommandCatalog.listen.display, reason: "expected HOST:PORT, port 0...65535"))
            }
            host = String(text[..<colon])
            if host.hasPrefix("[") && host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
            if host == "localhost" { host = "127.0.0.1" }
            port = number
        }
        var timeout = 2.0
        if let text = parsed.value("timeout") { timeout = try RunSettings.seconds(text) }
        // A thread per connection measured best (p99 of benchmarks/serve.sh) and keeps a slow
        // policy from holding up requests queued behind it on a shared worker.
        var threads = 0
        if let text = parsed.value(CommandCatalog.threads.name) {
            do { threads = try ValueParser.integer(text, option: CommandCatalog.threads, in: 0...256) } catch {
                throw .usage(error)
            }
        }
        var cacheEntries = 4096
        if let text = parsed.value(CommandCatalog.cacheEntries.name) {
            do { cacheEntries = try ValueParser.integer(text, option: CommandCatalog.cacheEntries, in: 0...1_000_000) } catch {
                throw .usage(error)
            }
        }
        let corsOrigin = parsed.value(CommandCatalog.corsOrigin.name)
        if let origin = corsOrigin {
            guard origin == "*" || (origin.hasPrefix("http://") || origin.hasPrefix("https://")) && !origin.hasSuffix("/")
                    && !origin.contains(where: { $0 == " " || $0 == "," }) else {
                throw .usage(.invalidValue(origin, option: CommandCatalog.corsOrigin.display,
                                           reason: "expected an origin such as https://app.example.com (scheme, host, optional port; no path)"))
            }
        }
        var jsonLog = false
        if let text = parsed.value(CommandCatalog.logFormat.name) {
            guard text == "text" || text == "json" else {
                throw .usage(.invalidValue(text, option: CommandCatalog.logFormat.display, reason: "expected text or json"))
            }
            jsonLog = text == "json"
        }
        let timeZone = parsed.value(CommandCatalog.timeZone.name) ?? "UTC"
        guard ServeClock.isKnownZone(timeZone) else {
            throw .usage(.invalidValue(timeZone, option: CommandCatalog.timeZone.display,
                                       reason: "unknown time zone; expected an IANA name such as Europe/Berlin or UTC"))
        }
        var defaults: [(name: String, value: String)] = []
        for name in defaultNames { if let value = parsed.value(name) { defaults.append((name, value)) } }
        // Check the defaults once now, so a bad --calendar fails at start, not per request.
        var probe = ParsedArguments()
        for (name, value) in defaults { probe.add(value: value, for: name) }
        _ = try DisplaySettings.resolve(probe, console: ServeDocuments.console())
        _ = try PolicyLoader.builtIns(probe)
        let configuration = ServeConfiguration(
            stacks: stacks, host: host, port: port, tokenFile: parsed.value(CommandCatalog.tokenFile.name),
            insecure: parsed.has(CommandCatalog.insecure.name), watch: parsed.has(CommandCatalog.watch.name),
            gateTests: parsed.has(CommandCatalog.gateTests.name), timeout: timeout, threads: threads, cacheEntries: cacheEntries,
            verbose: parsed.has("verbose"), corsOrigin: corsOrigin, jsonLog: jsonLog,
            decisionLog: parsed.value(CommandCatalog.decisionLog.name), timeZone: timeZone, defaults: defaults)
        if !configuration.isLoopback && configuration.tokenFile == nil && !configuration.insecure {
            throw .usage(.optionProblem("--listen", problem: "'\(host)' is not a loopback address; give --token-file (a bearer token) or --insecure"))
        }
        return configuration
    }
}
