import CalendarData
import CalPolicyArguments
import CalPolicyRequests
import CalendarCore
import MHDHost
import PolicyEngine
import Rendering

/// The outcome of reading a serve command line: a configuration, or text to print and an exit code.
public enum ServeArguments {
    public enum Outcome: Sendable {
        case run(ServeConfiguration)
        case exit(code: Int32, stdout: String, stderr: String)
    }

    static let defaultOptions = OptionCatalogue.display + OptionCatalogue.builtIns

    /// `calpolicy-serve --version`.
    public static let version = BuildVersion.number

    /// A problem with the command line: its one stderr line and exit code (2 usage, 3 policy).
    struct Problem: Error {
        var message: String
        var code: Int32 = 2

        init(_ message: String, code: Int32 = 2) {
            self.message = message
            self.code = code
        }

        init(_ error: RequestError) { self.init(error.message(.commandLine)) }

        init(_ failure: RequestFailure) {
            switch failure {
            case .request(let error): self.init(error)
            case .badPolicyPath(let path, let problem): self.init("\(path): \(problem)")
            case .policyFile(let path, let problem): self.init("\(path): \(problem)", code: 3)
            case .policy(let error): self.init(error.description, code: 3)
            case .refused(let option, let detail): self.init("--\(option.name): \(detail)", code: 1)
            case .noBusinessDay, .noCommonOpen: self.init(failure.noDayMessage ?? "", code: 1)
            }
        }
    }

    public static func parse(_ arguments: [String], cores: Int) -> Outcome {
        let tokens = ArgumentToken.tokenise(arguments)
        if tokens.contains(.long(name: "help", value: nil)) || tokens.contains(.short("h")) {
            return .exit(code: 0, stdout: HelpFormatter.help(for: ServeOptions.spec), stderr: "")
        }
        if tokens.contains(.long(name: "version", value: nil)) || tokens.contains(.short("V")) {
            return .exit(code: 0, stdout: "calpolicy-serve \(version) (\(BuildCommit.current))\n", stderr: "")
        }
        let parsed: RequestValues
        do { parsed = try ArgumentScanner(spec: ServeOptions.spec).scan(tokens) } catch {
            return .exit(code: 2, stdout: "", stderr: "calpolicy: " + TerminalText.escape(error.description) + "\n")
        }
        return outcome(parsed, cores: cores)
    }

    /// Options already read (from the command line, and a `--config` file's typed values) as a
    /// configuration, or the one line saying what is wrong.
    static func outcome(_ parsed: RequestValues, cores: Int) -> Outcome {
        do throws(Problem) {
            return .run(try configuration(parsed, cores: cores))
        } catch {
            return .exit(code: error.code, stdout: "", stderr: "calpolicy: " + TerminalText.escape(error.message) + "\n")
        }
    }

    static func configuration(_ parsed: RequestValues, cores: Int) throws(Problem) -> ServeConfiguration {
        var stacks: [ServeConfiguration.Stack] = []
        if !parsed.positionals.isEmpty {
            stacks.append(.init(name: "default", paths: parsed.positionals))
        }
        for text in parsed.all(ServeOptions.stack.name) {
            let parts = text.split(separator: "=", maxSplits: 1).map(String.init)
            let name = parts.first ?? ""
            guard parts.count == 2, !name.isEmpty,
                  name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) else {
                throw Problem(RequestError(ServeOptions.stack, value: text,
                                           reason: "expected NAME=POLICY[,POLICY...] with a name of letters, digits, '-' or '_'"))
            }
            if stacks.contains(where: { $0.name == name }) {
                throw Problem(RequestError(ServeOptions.stack, value: text,
                                           reason: "stack '\(name)' is named twice"))
            }
            let paths = parts[1].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            stacks.append(.init(name: name, paths: paths))
        }
        let bundle = try BundleSource.parse(parsed)
        if let bundle { try BundleSource.check(bundle, parsed) }
        guard !stacks.isEmpty || bundle != nil else { throw Problem("missing argument POLICY (or --stack NAME=POLICY, or --bundle URL)") }
        for stack in stacks {
            for path in stack.paths {
                if path == "-" {
                    throw Problem("-: a server reads policies from files; standard input cannot be reloaded")
                }
                do {
                    if BuiltInReference.isReference(path) { _ = try BuiltInReference.policy(path) } else {
                        _ = try PolicySources.read(path)
                    }
                } catch { throw Problem(error) }
            }
        }
        var host = "127.0.0.1"
        var port: UInt16 = 8080
        if let text = parsed.value(ServeOptions.listen.name) {
            guard let address = hostPort(text) else {
                throw Problem(RequestError(ServeOptions.listen, value: text, reason: "expected HOST:PORT, port 0...65535"))
            }
            (host, port) = address
        }
        var timeout = 2.0
        if let text = parsed.value(ServeOptions.serveTimeout) {
            do { timeout = try ValueParser.seconds(text, option: ServeOptions.serveTimeout) } catch { throw Problem(error) }
        }
        // Polling threads only move bytes and answer what needs no policy: policies run on
        // each stack's own workers, so a slow policy never holds a polling thread.
        var threads = 2
        if let text = parsed.value(ServeOptions.threads.name) {
            do { threads = try ValueParser.integer(text, option: ServeOptions.threads, in: 1...256) } catch {
                throw Problem(error)
            }
        }
        var cacheEntries = 4096
        if let text = parsed.value(ServeOptions.cacheEntries.name) {
            do { cacheEntries = try ValueParser.integer(text, option: ServeOptions.cacheEntries, in: 0...1_000_000) } catch {
                throw Problem(error)
            }
        }
        let corsOrigin = parsed.value(ServeOptions.corsOrigin.name)
        if let origin = corsOrigin {
            guard origin == "*" || (origin.hasPrefix("http://") || origin.hasPrefix("https://")) && !origin.hasSuffix("/")
                    && !origin.contains(where: { $0 == " " || $0 == "," }) else {
                throw Problem(RequestError(ServeOptions.corsOrigin, value: origin,
                                           reason: "expected an origin such as https://app.example.com (scheme, host, optional port; no path)"))
            }
        }
        var jsonLog = false, accessLog = true
        if let text = parsed.value(ServeOptions.logFormat.name) {
            guard text == "text" || text == "json" || text == "off" else {
                throw Problem(RequestError(ServeOptions.logFormat, value: text, reason: "expected text, json or off"))
            }
            jsonLog = text == "json"
            accessLog = text != "off"
        }
        let timeZone = parsed.value(OptionCatalogue.timeZone) ?? "UTC"
        guard ZoneDatabase.zone(named: timeZone) != nil else {
            var reason = "unknown time zone; expected an IANA name such as Europe/Berlin or UTC"
            if case .failure(let problem) = ZoneNames.resolve(timeZone), problem.reason.contains("did you mean") {
                reason = problem.reason
            }
            throw Problem(RequestError(OptionCatalogue.timeZone, value: timeZone, reason: reason))
        }
        var defaults = RequestValues()
        for option in defaultOptions { if let value = parsed.value(option) { defaults.add(value: value, for: option) } }
        // Check the defaults once now, so a bad --calendar fails at start, not per request.
        let fixedToday: Day?
        do {
            fixedToday = try DisplaySettings.resolve(defaults, environmentLocale: "en_US",
                                                     today: Day(dayNumber: 0)).today
            _ = try BuiltInPolicies.resolve(defaults)
        } catch {
            throw Problem(error)
        }
        let limits: ServeLimits.Parsed
        do { limits = try ServeLimits.parse(parsed, cores: cores) } catch { throw Problem(error) }
        var configuration = ServeConfiguration(
            stacks: stacks, host: host, port: port, tokenFile: parsed.value(ServeOptions.tokenFile.name),
            insecure: parsed.has(ServeOptions.insecure.name), watch: parsed.has(ServeOptions.watch.name),
            gateTests: parsed.has(ServeOptions.gateTests.name), timeout: timeout, threads: threads, cacheEntries: cacheEntries,
            verbose: parsed.has(ServeOptions.verbose), corsOrigin: corsOrigin, jsonLog: jsonLog,
            decisionLog: parsed.value(ServeOptions.decisionLog.name), timeZone: timeZone, defaults: defaults,
            fixedToday: defaults.has(OptionCatalogue.today) ? fixedToday : nil)
        configuration.limits = limits.limits
        configuration.accessLog = accessLog
        configuration.stackWorkers = limits.stackWorkers
        configuration.stackQueue = limits.stackQueue
        configuration.logBuffer = limits.logBuffer
        configuration.decisionLogRequired = limits.decisionLogRequired
        if let url = parsed.value(ServeOptions.decisionLogURL.name) {
            let lower = url.lowercased()
            guard lower.hasPrefix("http://") || lower.hasPrefix("https://") else {
                throw Problem("--decision-log-url: not an http:// or https:// URL")
            }
            configuration.decisionLogURL = url
        }
        if let url = parsed.value(ServeOptions.statusURL.name) {
            let lower = url.lowercased()
            guard lower.hasPrefix("http://") || lower.hasPrefix("https://") else {
                throw Problem("--status-url: not an http:// or https:// URL")
            }
            configuration.statusURL = url
        }
        configuration.diagnostic = limits.diagnostic
        configuration.overrides = parsed.value(ServeOptions.overrides.name)
        configuration.stateDir = parsed.value(ServeOptions.stateDir.name)
        configuration.bundle = bundle
        switch (parsed.value(ServeOptions.tlsCert.name), parsed.value(ServeOptions.tlsKey.name)) {
        case (let certificate?, let key?):
            configuration.tls = (certificate, key, parsed.value(ServeOptions.tlsClientCA.name))
        case (nil, nil):
            if parsed.has(ServeOptions.tlsClientCA.name) { throw Problem("--tls-client-ca needs --tls-cert and --tls-key") }
        case (_?, nil): throw Problem("--tls-cert needs --tls-key FILE")
        case (nil, _?): throw Problem("--tls-key needs --tls-cert FILE")
        }
        do {
            configuration.decisionLogMask = try DecisionMask.parse(parsed.all(OptionCatalogue.decisionLogMask.name),
                                                                   option: OptionCatalogue.decisionLogMask)
        } catch {
            throw Problem(error)
        }
        if !configuration.decisionLogMask.isEmpty && configuration.decisionLog == nil && configuration.decisionLogURL == nil {
            throw Problem("--decision-log-mask needs --decision-log FILE or --decision-log-url URL")
        }
        do { configuration.admission = try AdmitOptions.parse(parsed) } catch { throw Problem(error) }
        // The one route whose body may pass the server's 64 KiB: decided from the head's path.
        configuration.limits.maxBodyByPath[Router.Route.admit.rawValue] = configuration.admission.maxBody
        do { configuration.github = try GitHubOptions.parse(parsed) } catch { throw Problem(error) }
        if configuration.github != nil {
            guard configuration.stateDir != nil else {
                throw Problem("--github-app-id needs --state-dir DIR (deliveries seen and deployments waiting are kept there)")
            }
            configuration.limits.maxBodyByPath[Router.Route.github.rawValue] = GitHubSettings.maxBody
        }
        if configuration.decisionLogRequired && configuration.decisionLog == nil {
            throw Problem("--decision-log-required needs --decision-log FILE")
        }
        if !configuration.isLoopback && configuration.tokenFile == nil && !configuration.insecure {
            throw Problem("--listen: '\(host)' is not a loopback address; give --token-file (a bearer token) or --insecure")
        }
        // The diagnostic listener shows /metrics and /v1/status (stacks, versions, limits) without
        // a token, for scrapers that carry none: --token-file guards nothing there, so only
        // --insecure opens it beyond loopback.
        if let diagnostic = configuration.diagnostic, !ServeConfiguration.isLoopback(diagnostic.host),
           !configuration.insecure {
            throw Problem("--diagnostic-addr: '\(diagnostic.host)' is not a loopback address; it answers /metrics and "
                          + "/v1/status without a token, so give --insecure to serve them there")
        }
        return configuration
    }

    /// `HOST:PORT` (`[::1]:8080`, `localhost` as 127.0.0.1), or nil.
    static func hostPort(_ text: String) -> (host: String, port: UInt16)? {
        guard let colon = text.lastIndex(of: ":"), let number = UInt16(text[text.index(after: colon)...]) else { return nil }
        var host = String(text[..<colon])
        if host.hasPrefix("[") && host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        if host == "localhost" { host = "127.0.0.1" }
        return (host, number)
    }
}
