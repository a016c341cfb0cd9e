/// The listener a request came in on, and so which routes answer without a token.
///
/// `--diagnostic-addr` is for probes and scrapers (a kubelet, Prometheus) that carry no bearer
/// token: it serves only `/health`, `/ready`, `/metrics` and `/v1/status`, all of them without a
/// token, and never a decision. On the main listener `/metrics` and `/v1/status` need a token with
/// the `admin` right when `--token-file` is given; `/health` and `/ready` are open on both.
enum Listener: Sendable {
    case main, diagnostic

    /// Whether `route` answers here without a token, whatever `--token-file` holds.
    func isOpen(_ route: Router.Route) -> Bool {
        switch (self, route) {
        case (_, .health), (_, .ready): true
        // GitHub carries no bearer token: X-Hub-Signature-256 (the webhook secret) is this
        // route's only authentication, checked before anything of the body is read.
        case (.main, .github): true
        case (.diagnostic, .metrics), (.diagnostic, .status): true
        default: false
        }
    }
}
