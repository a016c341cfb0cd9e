import CalendarCore
import CalPolicyRequests
import MHDHost

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
    /// Threads polling the connections (policies run on each stack's workers).
    public var threads: Int
    /// Response cache capacity (0: no cache).
    public var cacheEntries: Int
    public var verbose: Bool
    /// `--cors-origin`: the one origin allowed to call from a browser (nil: no CORS headers).
    public var corsOrigin: String?
    /// `--log-format json`: access-log lines are JSON objects.
    public var jsonLog: Bool
    /// False with `--log-format off`: no access-log line per request, as nginx's `access_log
    /// off` (a proxy in front logs them); server events and errors still go to stderr.
    public var accessLog = true
    /// `--decision-log FILE`.
    public var decisionLog: String?
    /// `--decision-log-url URL`.
    public var decisionLogURL: String?
    /// `--status-url URL`.
    public var statusURL: String?
    /// `--time-zone`: the IANA zone whose current date is today (default UTC).
    public var timeZone: String
    /// Options a request starts from: calendar, locale, include, …
    public var defaults: RequestValues
    /// The day `--today` fixed (else each request reads the clock in `timeZone`).
    public var fixedToday: Day?
    /// Connections, heads, bodies (`--max-connections`, `--head-timeout`, …).
    public var limits = HTTPLimits()
    /// Workers (and policy sets) of each stack, and requests each stack queues.
    public var stackWorkers = 4
    public var stackQueue = 64
    /// `--log-buffer`: lines each log holds before it drops.
    public var logBuffer = 4096
    /// `--decision-log-required`.
    public var decisionLogRequired = false
    /// `--decision-log-mask`: context keys the decision log holds only hashed.
    public var decisionLogMask = DecisionMask()
    /// `--diagnostic-addr`.
    public var diagnostic: (host: String, port: UInt16)?
    /// `--overrides DIR`: the overrides folder (else `overrides/` under `stateDir`, if given).
    public var overrides: String?
    /// `--state-dir DIR`: where the server writes.
    public var stateDir: String?
    /// `--tls-cert`, `--tls-key`, `--tls-client-ca`: HTTPS on the main listener (nil: plain HTTP).
    public var tls: (certificate: String, key: String, clientCA: String?)?
    /// `--admit-*`: how `POST /v1/admit` reads a Kubernetes AdmissionReview.
    public var admission = AdmissionSettings()
    /// `--github-*`: the GitHub deployment protection rule (nil: the route answers 404).
    var github: GitHubSettings?
    /// `--bundle URL`: the stacks come from a pulled bundle (`stacks` is filled at start).
    public var bundle: BundleSource?

    public var isLoopback: Bool { Self.isLoopback(host) }
    /// 127.0.0.0/8 and ::1, as `hostPort` gives them (`localhost` is 127.0.0.1).
    static func isLoopback(_ host: String) -> Bool { host == "127.0.0.1" || host == "::1" || host.hasPrefix("127.") }
}
