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
        let cores = max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN)))
        let configuration: ServeConfiguration
        switch ServeConfigFile.parse(arguments, cores: cores) {
        case .exit(let code, let stdout, let stderr):
            FileHandle.standardOutput.write(Data(stdout.utf8))
            FileHandle.standardError.write(Data(stderr.utf8))
            return code
        case .run(let parsed):
            configuration = parsed
        }
        var token: String?
        if let path = configuration.tokenFile {
            guard let text = try? String(contentsOfFile: path, encoding: .utf8),
                  let first = text.split(separator: "\n").first.map({ $0.trimmingCharacters(in: .whitespaces) }),
                  !first.isEmpty else {
                AccessLog.line("calpolicy: \(path): cannot read a bearer token (the file's first line)")
                return 2
            }
            token = first
        }

        var decisions: DecisionLog?
        if let path = configuration.decisionLog {
            do { decisions = try DecisionLog(path: path) } catch {
                AccessLog.line("calpolicy: --decision-log: \(error.description)")
                return 2
            }
        }

        // Threads started from here on (MHD's, the watcher, the run patrol) inherit the mask:
        // the signals arrive only at the sigwait below.
        var signals = sigset_t()
        sigemptyset(&signals)
        for number in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&signals, number) }
        pthread_sigmask(SIG_BLOCK, &signals, nil)

        let assembly: ServerAssembly
        switch ServerAssembly.make(configuration, cores: cores, token: token, decisions: decisions) {
        case .success(let made): assembly = made
        case .failure(let refusal):
            AccessLog.line("calpolicy: stack '\(refusal.stack)': \(refusal.message)")
            return 3
        }
        let (registry, cache, router) = (assembly.registry, assembly.cache, assembly.router)

        let daemon: HTTPDaemon
        do {
            daemon = try HTTPDaemon(.init(host: configuration.host, port: configuration.port, threads: configuration.threads),
                                    handler: { request in router.handle(request) })
        } catch {
            AccessLog.line("calpolicy: --listen: \(error.description)")
            return 2
        }
        let shown = configuration.host.contains(":") ? "[\(configuration.host)]" : configuration.host
        let line = "listening on http://\(shown):\(daemon.port)\n"
        FileHandle.standardOutput.write(Data(line.utf8))
        SystemdNotify.ready(status: String(line.dropLast()))

        // Housekeeping: file changes (--watch) and the day changing (the cache empties).
        let house = Housekeeping(registry: registry, cache: cache, watch: configuration.watch,
                                 clock: ZoneClock(identifier: configuration.timeZone))
        Thread.detachNewThread { house.loop() }

        while true {
            var received: Int32 = 0
            guard sigwait(&signals, &received) == 0 else { continue }
            if received == SIGHUP {
                registry.reload(force: true, why: "SIGHUP")
                do { try decisions?.reopen() } catch {
                    AccessLog.line("calpolicy-serve: --decision-log: \(error.description); still writing to the old file")
                }
                continue
            }
            break
        }
        SystemdNotify.send("STOPPING=1")
        house.stop()
        router.markStopping()
        daemon.stopAccepting()
        AccessLog.line("calpolicy-serve: stopping: no new connections; waiting for \(daemon.activeRequests) request(s) in flight")
        // Connections accepted just before may not have sent their headers yet: a short grace,
        // then every request in flight gets up to 5 s to finish.
        usleep(100_000)
        let deadline = Date().addingTimeInterval(5)
        while daemon.activeRequests > 0 && Date() < deadline { usleep(10_000) }
        daemon.stop()
        AccessLog.line("calpolicy-serve: stopped")
        return 0
    }
}

/// Polls every 250 ms: the stacks' files (with `--watch`) and the date.
final class Housekeeping: @unchecked Sendable {
    let registry: StackRegistry
    let cache: ResponseCache
    let watch: Bool
    let clock: ZoneClock
    private let running = Atomic<Bool>(true)

    init(registry: StackRegistry, cache: ResponseCache, watch: Bool, clock: ZoneClock) {
        self.registry = registry
        self.cache = cache
        self.watch = watch
        self.clock = clock
    }

    func stop() { running.store(false, ordering: .releasing) }

    func loop() {
        var day = clock.today()
        while running.load(ordering: .acquiring) {
            usleep(250_000)
            SystemdNotify.watchdog?.feed()
            if watch { registry.reload(force: false, why: "file changed") }
            let now = clock.today()
            if now != day {
                day = now
                cache.clear()
            }
        }
    }
}
