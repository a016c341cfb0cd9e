import CalPolicyArguments
import CalPolicyRequests

// Every flag of `calpolicy-serve`, in one catalogue as `OptionCatalogue` holds the flags both
// faces share: its help, `--config`'s keys and the completions all read `ServeOptions.spec`.
// What each group means is parsed beside its concern: `ServeArguments` (the server's own),
// `ServeLimits`, `BundleSource`, `AdmitOptions`, `GitHubOptions` (their `parse` functions).

/// `calpolicy-serve`'s options: the catalogue's display and built-in options (one spelling per
/// concept for both faces) and the server's own.
enum ServeOptions {
    static let listen = OptionSpec.value("listen", "HOST:PORT", help: "Address to listen on (default 127.0.0.1:8080; port 0 picks a free one).")
    static let stack = OptionSpec.value("stack", "NAME=POLICY[,POLICY...]", repeats: true, help: "A named stack; repeat. Requests choose one with stack=NAME.")
    static let tokenFile = OptionSpec.value("token-file", "PATH", help: "Require 'Authorization: Bearer TOKEN' (the file's first line).")
    static let insecure = OptionSpec.flag("insecure", help: "Allow a non-loopback address without --token-file.")
    static let watch = OptionSpec.flag("watch", help: "Reload a stack when one of its files changes (polled every 250 ms).")
    static let gateTests = OptionSpec.flag("gate-tests", help: "A reload goes live only if the stack's *_test.lua files pass.")
    static let threads = OptionSpec.value("threads", "N", help: "Threads polling the connections with epoll (default 2).")
    static let cacheEntries = OptionSpec.value("cache-entries", "N", help: "Answers kept in the response cache (default 4096; 0: none).")
    static let serveTimeout = OptionSpec.value("timeout", "SECONDS", help: "Deadline of each request (default 2); past it: 503.")
    static let corsOrigin = OptionSpec.value("cors-origin", "ORIGIN", help: "Allow browser calls from this exact origin (CORS; off by default).")
    static let logFormat = OptionSpec.value("log-format", "text|json|off", help: "Access log on stderr: one text (default) or JSON line per request; off: none.")
    static let decisionLog = OptionSpec.value("decision-log", "FILE", help: "Append one JSON line per decision request to FILE (audit).")
    static let decisionLogURL = OptionSpec.value("decision-log-url", "URL", help: "POST the decision-log lines to URL in gzip NDJSON batches (may join --decision-log).")
    static let statusURL = OptionSpec.value("status-url", "URL", help: "POST the /v1/status document to URL whenever it changes (reload, bundle).")
    static let overrides = OptionSpec.value("overrides", "DIR", help: "Break-glass overrides: one JSON file each in DIR (watched with --watch).")
    static let stateDir = OptionSpec.value("state-dir", "DIR", help: "Where the server writes (created owner-only); overrides posted go to DIR/overrides.")
    static let tlsCert = OptionSpec.value("tls-cert", "FILE", help: "Serve HTTPS with this PEM certificate chain (re-read when it changes and on SIGHUP).")
    static let tlsKey = OptionSpec.value("tls-key", "FILE", help: "The PEM private key of --tls-cert.")
    static let tlsClientCA = OptionSpec.value("tls-client-ca", "FILE", help: "Mutual TLS: refuse clients without a certificate from this PEM CA.")
    static let help = OptionSpec.flag("help", short: "h", help: "Show this help.")
    static let version = OptionSpec.flag("version", short: "V", help: "Show the version.")
    static let verbose = OptionSpec.flag("verbose", short: "v", help: "Add Lua tracebacks to errors and let policies print to stderr.")
    static let config = OptionSpec.value("config", "FILE", help: "Read options from a JSON file (keys: the long option names, and policies); flags override it.")

    static let spec = CommandSpec(
        name: "serve",
        abstract: "Answer policy questions over HTTP (JSON API v1; see docs/http-api.md).",
        positionalUsage: "[POLICY ...]",
        options: [listen, stack, OptionCatalogue.include, OptionCatalogue.min, OptionCatalogue.max,
                  OptionCatalogue.calendar, OptionCatalogue.locale, OptionCatalogue.firstWeekday, OptionCatalogue.weekRule,
                  OptionCatalogue.today, serveTimeout, watch, gateTests, tokenFile, insecure, threads, cacheEntries,
                  corsOrigin, logFormat, decisionLog, decisionLogURL, OptionCatalogue.decisionLogMask, statusURL, overrides, stateDir, tlsCert, tlsKey,
                  tlsClientCA, OptionCatalogue.timeZone] + BundleOptions.options + ServeLimits.options + AdmitOptions.options
                  + GitHubOptions.options + [config, verbose, version, help],
        discussion: """
        POLICY ... form the stack named 'default'; --stack NAME=... adds more. The first stack
        is the default of every request. Display options are defaults a request may override.
        SIGHUP reloads every stack; a stack goes live only if every policy loads.
        """,
        program: "calpolicy-serve"
    )
}

/// The flags of what a client may cost the service (docs/reliability.md lists each with its
/// default and the test that proves it): connections, request heads, per-stack workers and
/// queues, the decision log's strictness, and the diagnostic listener.
enum ServeLimits {
    static let maxConnections = OptionSpec.value("max-connections", "N", help: "Connections open at once (default 1024).")
    static let maxPerClient = OptionSpec.value("max-connections-per-client", "N", help: "Connections one client address may hold (default 64; 0: no limit, behind a proxy).")
    static let headTimeout = OptionSpec.value("head-timeout", "SECONDS", help: "Time to send a whole request head and body, and to keep an idle connection (default 10).")
    static let sendTimeout = OptionSpec.value("send-timeout", "SECONDS", help: "Time a client may take to read an answer (default 30).")
    static let maxHeaders = OptionSpec.value("max-headers", "N", help: "Header fields in one request (default 64).")
    static let maxHeaderBytes = OptionSpec.value("max-header-bytes", "N", help: "Bytes of all header fields of one request (default 16384).")
    static let stackWorkers = OptionSpec.value("stack-workers", "N", help: "Workers (and policy sets) of each stack (default 2 x cores).")
    static let stackQueue = OptionSpec.value("stack-queue", "N", help: "Requests waiting for each stack's workers before 503 (default 64).")
    static let decisionLogRequired = OptionSpec.flag("decision-log-required", help: "Refuse decisions (503) rather than answer when the decision log cannot take their line.")
    static let diagnosticAddress = OptionSpec.value("diagnostic-addr", "HOST:PORT", help: "Also serve /health, /ready, /metrics and /v1/status on this address.")

    static let logBuffer = OptionSpec.value("log-buffer", "LINES", help: "Lines each log buffers before it drops and counts (default 4096).")

    static let options = [maxConnections, maxPerClient, headTimeout, sendTimeout, maxHeaders, maxHeaderBytes, stackWorkers,
                          stackQueue, logBuffer, decisionLogRequired, diagnosticAddress]
}

/// `--bundle URL` and its companions: the server's policies come from a signed bundle pulled
/// over HTTP (docs/bundles.md, "Serving from a bundle") instead of files named on the command line.
enum BundleOptions {
    static let bundle = OptionSpec.value("bundle", "URL", help: "Serve the policy bundle at URL (http or https), pulled again and again; needs --state-dir.")
    static let publicKey = OptionSpec.value("bundle-public-key", "FILE", help: "A new bundle goes live only if signed by this Ed25519 key (DER, bundle keygen's KEY.pub).")
    static let poll = OptionSpec.value("bundle-poll", "MIN..MAX", help: "Wait a random time between MIN and MAX between pulls (default 10s..30s).")

    static let options = [bundle, publicKey, poll]
}

/// The flags of `POST /v1/admit`, the Kubernetes admission webhook (docs/admission.md).
enum AdmitOptions {
    static let cluster = OptionSpec.value("admit-cluster", "NAME", help: "The cluster /v1/admit's decisions name (context key cluster; default: not given).")
    static let serviceLabel = OptionSpec.value("admit-service-label", "LABEL", help: "The object label whose value is the service (default app.kubernetes.io/name).")
    static let exemptNamespaces = OptionSpec.value("admit-exempt-namespaces", "NS[,NS...]", help: "Namespaces /v1/admit lets through unless a policy's scope names them (default kube-system; '' for none).")
    static let maxBody = OptionSpec.value("admit-max-body", "BYTES", help: "Largest AdmissionReview /v1/admit reads (default 4MiB; K, KiB, M, MiB suffixes).")

    static let options = [cluster, serviceLabel, exemptNamespaces, maxBody]
}

/// The flags of `POST /v1/github/deployment-protection-rule`, the GitHub custom deployment
/// protection rule (docs/github.md). All or none of app id, key, secret and mapping: a route
/// that cannot call back would let deployments wait until GitHub gives up on them.
enum GitHubOptions {
    static let appID = OptionSpec.value("github-app-id", "ID", help: "The GitHub App's id (the JWT's iss); turns on /v1/github/deployment-protection-rule.")
    static let privateKey = OptionSpec.value("github-private-key", "FILE", help: "The app's RSA private key (PEM, PKCS#1 or PKCS#8), as GitHub hands it out.")
    static let webhookSecret = OptionSpec.value("github-webhook-secret", "FILE", help: "The app's webhook secret (the file's first line): X-Hub-Signature-256 is checked with it.")
    static let api = OptionSpec.value("github-api", "URL", help: "GitHub's REST API (default https://api.github.com).")
    static let mapping = OptionSpec.value("github-mapping", "FILE", help: "JSON: repositories and environments to context (service, tenant, stack, environmentType).")
    static let maxWait = OptionSpec.value("github-max-wait", "DURATION", help: "How long a deployment may wait for a hard freeze to end before it is rejected (default 72h).")
    static let caFile = OptionSpec.value("github-ca", "FILE", help: "CA certificates for the GitHub API (default the system's).")

    static let options = [appID, privateKey, webhookSecret, api, mapping, maxWait, caFile]
}
