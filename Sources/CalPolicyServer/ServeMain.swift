import CalendarData
import CalendarCore
import Foundation
import Glibc
import MHDHost
import Synchronization

/// `calpolicy-serve ARGS` (also reached as `calpolicy serve ARGS`): loads every stack,
/// listens, and answers until SIGTERM or SIGINT; SIGHUP reloads.
public enum ServeMain {
    public static func run(_ arguments: [String]) -> Int32 {
        signal(SIGPIPE, SIG_IGN)
        if arguments.first == Probe.flag { return Probe.run(Array(arguments.dropFirst())) }
        // Blocked before the first thread starts (the log sinks' writers, MHD's, the watcher, the
        // run patrol, each inherits the mask): the signals arrive only at the sigwait below. A
        // thread started before this would take a SIGHUP with its default action and end the
        // server.
        var signals = sigset_t()
        sigemptyset(&signals)
        for number in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&signals, number) }
        pthread_sigmask(SIG_BLOCK, &signals, nil)
        let cores = max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN)))
        var configuration: ServeConfiguration
        switch ServeConfigFile.parse(arguments, cores: cores) {
        case .exit(let code, let stdout, let stderr):
            FileHandle.standardOutput.write(Data(stdout.utf8))
            // A refused start is a log line like any other: JSON when JSON was asked for (a log
            // pipeline that parses every line would drop a plain one).
            if code != 0, asksForJSONLog(arguments) {
                ServerEvent.json.store(true, ordering: .relaxed)
                for line in stderr.split(separator: "\n") { ServerEvent.log("error", String(line)) }
            } else {
                FileHandle.standardError.write(Data(stderr.utf8))
            }
            return code
        case .run(let parsed):
            configuration = parsed
        }
        ServerEvent.json.store(configuration.jsonLog, ordering: .relaxed)
        var tokens: TokenSet?
        if let path = configuration.tokenFile {
            guard let text = try? RegularFile.text(path, limit: 64 << 10) else {
                ServerEvent.log("error", "calpolicy: \(path): cannot read a bearer token (the file's first line)")
                return 2
            }
            do { tokens = try TokenSet.parse(text) } catch {
                ServerEvent.log("error", "calpolicy: --token-file: \(path): \(error.message)")
                return 2
            }
        }

        var decisions: DecisionLog?
        if configuration.decisionLog != nil || configuration.decisionLogURL != nil {
            let shipper = configuration.decisionLogURL.map {
                DecisionShipper(url: $0, capacityLines: configuration.logBuffer)
            }
            do { decisions = try DecisionLog(path: configuration.decisionLog, shipper: shipper,
                                             required: configuration.decisionLogRequired,
                                             mask: configuration.decisionLogMask, capacityLines: configuration.logBuffer) } catch {
                ServerEvent.log("error", "calpolicy: --decision-log: \(error.description)")
                return 2
            }
        }

        var overrides: OverrideStore?
        do {
            if let folder = try OverrideStore.folder(explicit: configuration.overrides, stateDir: configuration.stateDir) {
                let store = OverrideStore(folder: folder.path, writable: folder.writable)
                // A folder that is none (missing, a FIFO, a file) stops the start: no override
                // would ever apply, which nobody who named it meant.
                if let problem = store.snapshot.problem {
                    ServerEvent.log("error", "calpolicy: --overrides: \(problem.file): \(problem.message)")
                    return 2
                }
                overrides = store
            }
        } catch {
            ServerEvent.log("error", "calpolicy: --state-dir: \(error.message)")
            return 2
        }

        var tls: ServeTLS?
        if let files = configuration.tls {
            do { tls = try ServeTLS(certificate: files.certificate, key: files.key, clientCA: files.clientCA) } catch {
                ServerEvent.log("error", "calpolicy: \(error.message)")
                return 2
            }
        }

        // --bundle: the stacks come from the persisted bundle, or start empty and refused.
        var bundleStart: BundleStartup?
        if configuration.bundle != nil {
            switch BundleStartup.prepare(&configuration) {
            case .success(let prepared): bundleStart = prepared
            case .failure(let problem):
                ServerEvent.log("error", "calpolicy: --bundle: \(problem.message)")
                return 2
            }
        }

        var assembly: ServerAssembly
        switch ServerAssembly.make(configuration, cores: cores, token: nil, tokens: tokens, decisions: decisions,
                                   overrides: overrides) {
        case .success(let made): assembly = made
        case .failure(let refusal):
            guard let bundleStart, bundleStart.persistedRevision != nil else {
                ServerEvent.log("error", "calpolicy: stack '\(refusal.stack)': \(refusal.message)")
                return 3
            }
            // A persisted bundle that no longer loads (another server version): start as without one.
            ServerEvent.log("bundle_persisted_refused", "calpolicy-serve: the persisted bundle does not load: stack "
                            + "'\(refusal.stack)': \(refusal.message)")
            bundleStart.state.deactivate()
            configuration.stacks = BundleStartup.emptyStacks
            guard case .success(let made) = ServerAssembly.make(configuration, cores: cores, token: nil, tokens: tokens,
                                                                decisions: decisions, overrides: overrides) else { return 3 }
            assembly = made
        }
        if let bundleStart {
            assembly.router.bundles = bundleStart.state
            if let revision = bundleStart.state.snapshot.activeRevision { assembly.registry.label(revision: revision) }
        }
        let (registry, cache, router) = (assembly.registry, assembly.cache, assembly.router)
        if let settings = configuration.github, let stateDir = configuration.stateDir {
            switch GitHubStart.make(settings, stateDir: stateDir, stacks: configuration.stacks.map(\.name), metrics: assembly.metrics,
                                    decide: { router.decideGitHub($0, completion: $1) }) {
            case .success(let rule):
                router.github = rule
                // New policies: every deployment still waiting is asked again.
                let swapped = registry.onSwap
                registry.onSwap = { swapped(); rule.deployments.redecideAll() }
            case .failure(let problem):
                ServerEvent.log("error", "calpolicy: \(problem.message)")
                return 2
            }
        }

        raiseDescriptorLimit()
        let daemon: HTTPDaemon
        var diagnostics: HTTPDaemon?
        do {
            daemon = try HTTPDaemon(.init(host: configuration.host, port: configuration.port, threads: configuration.threads,
                                          limits: configuration.limits, tls: tls?.settings),
                                    responder: { request, responder in router.handle(request) { responder.respond($0) } })
        } catch {
            AccessLog.line("calpolicy: --listen: \(error.description)")
            return 2
        }
        router.connectionStats = { daemon.connections }
        if let address = configuration.diagnostic {
            do {
                diagnostics = try HTTPDaemon(.init(host: address.host, port: address.port, threads: 1, limits: configuration.limits),
                                             responder: { request, responder in
                                                 router.handleDiagnostic(request) { responder.respond($0) }
                                             })
            } catch {
                AccessLog.line("calpolicy: --diagnostic-addr: \(error.description)")
                daemon.stop()
                return 2
            }
        }
        let shown = configuration.host.contains(":") ? "[\(configuration.host)]" : configuration.host
        var line = "listening on \(tls == nil ? "http" : "https")://\(shown):\(daemon.port)\n"
        if let diagnostics, let address = configuration.diagnostic {
            let host = address.host.contains(":") ? "[\(address.host)]" : address.host
            line += "diagnostics on http://\(host):\(diagnostics.port)\n"
        }
        FileHandle.standardOutput.write(Data(line.utf8))
        SystemdNotify.ready(status: String(line.prefix { $0 != "\n" }))
        ServerEvent.log("listening", "calpolicy-serve \(BuildInfo.version) (\(BuildInfo.commit)): " + String(line.prefix { $0 != "\n" }),
                        [("version", .string(BuildInfo.version)), ("commit", .string(BuildInfo.commit)),
                         ("stacks", .array(configuration.stacks.map { .string($0.name) }))])

        // Housekeeping: file changes (--watch) and the day changing (the cache empties).
        let house = Housekeeping(registry: registry, cache: cache, watch: configuration.watch,
                                 clock: Clock(zoneNamed: configuration.timeZone), overrides: overrides, tls: tls)
        if let rule = router.github {
            house.onOverridesChanged = { rule.deployments.redecideAll() }
            rule.deployments.start()
        }
        Thread.detachNewThread { house.loop() }
        let puller = bundleStart.map {
            BundlePuller(source: $0.source, publicKey: $0.publicKey, store: $0.store, registry: registry, state: $0.state)
        }
        if let puller { Thread.detachNewThread { puller.loop() } }
        let statusPusher = configuration.statusURL.map {
            StatusPusher(url: $0, fingerprint: { router.statusFingerprint() }, status: { router.status() })
        }
        statusPusher?.start()
        // WATCHDOG=1 comes from a thread of its own, which never does policy work, while the
        // housekeeping loop keeps turning (a reload builds on threads of its own).
        SystemdNotify.watchdog?.start()

        while true {
            var received: Int32 = 0
            guard sigwait(&signals, &received) == 0 else { continue }
            if received == SIGHUP {
                registry.startReload(force: true, why: "SIGHUP")
                overrides?.refresh(force: true)
                tls?.refresh(force: true)
                do { try decisions?.reopen() } catch {
                    ServerEvent.log("error", "calpolicy-serve: --decision-log: \(error.description); still writing to the old file")
                }
                continue
            }
            break
        }
        SystemdNotify.send("STOPPING=1")
        house.stop()
        router.github?.deployments.stop()
        puller?.stop()
        statusPusher?.stop()
        // /ready says false from the first signal; no new connection is taken, idle ones close.
        router.markStopping()
        daemon.stopAccepting()
        diagnostics?.stopAccepting()
        ServerEvent.log("stopping", "calpolicy-serve: stopping: no new connections; \(daemon.activeRequests) request(s) in flight",
                        [("inFlight", .int(daemon.activeRequests))])
        // Requests in flight get the drain bound to finish (their own deadline is shorter);
        // what is still queued or running then is answered 503, so no connection is cut
        // without an answer. MHD may stop only once no connection is suspended.
        let drainEnd = DispatchTime.now().uptimeNanoseconds + UInt64(ServeMain.drainSeconds * 1e9)
        while daemon.activeRequests > 0 && DispatchTime.now().uptimeNanoseconds < drainEnd { usleep(10_000) }
        router.queues.stop()
        let stopping = Router.error(Router.Failure(.stopping, stack: "", timeout: configuration.timeout))
        daemon.answerPending(with: stopping)
        diagnostics?.answerPending(with: stopping)
        let sendEnd = DispatchTime.now().uptimeNanoseconds + 500_000_000
        while daemon.activeRequests > 0 && DispatchTime.now().uptimeNanoseconds < sendEnd { usleep(10_000) }
        daemon.stop()
        diagnostics?.stop()
        AccessLog.requests.flush(within: 0.5)
        decisions?.flush(within: 0.5)
        ServerEvent.log("stopped", "calpolicy-serve: stopped")
        return 0
    }
}

extension ServeMain {
    /// `--log-format json` (or `--log-format=json`) among the arguments as given: how a start the
    /// option parser refused still logs in the format asked for.
    static func asksForJSONLog(_ arguments: [String]) -> Bool {
        for (index, argument) in arguments.enumerated() {
            if argument == "--log-format=json" { return true }
            if argument == "--log-format", index + 1 < arguments.count, arguments[index + 1] == "json" { return true }
        }
        return false
    }

    /// How long a stopping server lets requests in flight finish (docs/http-api.md: at most 5 s).
    static let drainSeconds = 4.5

    /// Every connection is a descriptor: the soft limit goes up to the hard one, so the
    /// connection limit, not `EMFILE`, decides who is refused.
    static func raiseDescriptorLimit() {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0, limit.rlim_cur < limit.rlim_max else { return }
        limit.rlim_cur = limit.rlim_max
        _ = setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
    }
}
