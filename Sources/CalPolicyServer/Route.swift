import CalPolicyRequests
import MHDHost
import PolicyEngine

extension Router {
    /// The API's routes, their methods and parameters.
    enum Route: String, CaseIterable {
        case month = "/v1/month", days = "/v1/days", year = "/v1/year", week = "/v1/week", period = "/v1/period"
        case select = "/v1/select", explain = "/v1/explain", status = "/v1/status"
        case calendar = "/v1/calendar.ics", businessDays = "/v1/business-days", gate = "/v1/gate"
        case overlay = "/v1/overlay", revalidate = "/v1/revalidate"
        case health = "/health", ready = "/ready", metrics = "/metrics"
        case overrides = "/v1/overrides"
        case admit = "/v1/admit"
        case github = "/v1/github/deployment-protection-rule"

        /// The route of a path: its own, or `/v1/overrides/ID` as `overrides`.
        init?(path: String) {
            if let route = Route(rawValue: path) { self = route; return }
            guard path.hasPrefix("/v1/overrides/"), path.count > 14 else { return nil }
            self = .overrides
        }

        var method: String { self == .select || self == .revalidate || self == .admit || self == .github ? "POST" : "GET" }
        /// Parameters beyond the display ones and `stack`: the catalogue's options they fill
        /// (the week route's `date` is the week option).
        var parameters: [OptionSpec] {
            switch self {
            // `timeZone`: the zone a stack with hours states its closed intervals in (default
            // the server's --time-zone), as `/v1/gate` takes it.
            case .month: [OptionCatalogue.month, OptionCatalogue.timeZone]
            case .days: [OptionCatalogue.from, OptionCatalogue.to, OptionCatalogue.timeZone]
            case .calendar: [OptionCatalogue.from, OptionCatalogue.to, OptionCatalogue.timeZone] + OptionCatalogue.feedFilter
            case .year: [OptionCatalogue.year, OptionCatalogue.timeZone]
            case .week: [OptionCatalogue.week, OptionCatalogue.timeZone]
            case .period: [OptionCatalogue.kind, OptionCatalogue.date, OptionCatalogue.step]
            case .explain: [OptionCatalogue.date, OptionCatalogue.selection]
            case .businessDays: [OptionCatalogue.from, OptionCatalogue.to, OptionCatalogue.days]
            case .overlay: [OptionCatalogue.stacks, OptionCatalogue.month, OptionCatalogue.from, OptionCatalogue.to,
                            OptionCatalogue.nextCommonOpen, OptionCatalogue.minDuration, OptionCatalogue.anyStack,
                            OptionCatalogue.timeZone]
            case .gate: [OptionCatalogue.at, OptionCatalogue.timeZone]
            case .select, .revalidate, .status, .health, .ready, .metrics, .overrides, .admit, .github: []
            }
        }
        /// `parameters` and the display ones: what a document request reads from its query.
        var documentParameters: [OptionSpec] { Route.tables[self]?.documentParameters ?? [] }
        /// The query names a document request accepts (`documentParameters` and `stack`, which
        /// the overlay names otherwise).
        var acceptedNames: Set<String> { Route.tables[self]?.acceptedNames ?? [] }
        /// The names a cached answer's key holds, sorted: `parameters` and the built-ins.
        var keyNames: [String] { Route.tables[self]?.keyNames ?? [] }
        /// Each of `documentParameters` by its API name: its index there.
        var documentParameterIndex: [String: Int] { Route.tables[self]?.byParameter ?? [:] }

        /// Each route's lists, made once: every request built them afresh (a set of two dozen
        /// names hashed, two arrays concatenated, a sort).
        private static let tables: [Route: (documentParameters: [OptionSpec], acceptedNames: Set<String>,
                                            keyNames: [String], byParameter: [String: Int])] =
            Dictionary(uniqueKeysWithValues: allCases.map { route in
                let document = route.parameters + Router.displayParameters
                let accepted = Set(document.map(\.parameter) + (route == .overlay ? [] : ["stack"]))
                let keyNames = Set((route.parameters + OptionCatalogue.builtIns).map(\.parameter)).sorted()
                let byParameter = Dictionary(document.enumerated().map { ($0.element.parameter, $0.offset) },
                                             uniquingKeysWith: { first, _ in first })
                return (route, (document, accepted, keyNames, byParameter))
            })

        /// Parameters a request must give.
        var required: [OptionSpec] {
            switch self {
            case .days: [OptionCatalogue.from, OptionCatalogue.to]
            case .week: [OptionCatalogue.week]
            case .period: [OptionCatalogue.kind, OptionCatalogue.date]
            case .explain: [OptionCatalogue.date]
            case .businessDays: [OptionCatalogue.from]
            case .overlay: [OptionCatalogue.stacks]
            case .gate: [OptionCatalogue.at]
            default: []
            }
        }
        /// Routes whose answers apply and list the break-glass overrides (`--overrides`).
        var showsOverrides: Bool {
            switch self {
            case .gate, .month, .days, .year, .week, .calendar: true
            default: false
            }
        }
        /// Routes whose answers are policy decisions (the decision log records them).
        var isDecision: Bool {
            switch self {
            case .month, .days, .year, .week, .period, .select, .explain, .businessDays, .overlay, .revalidate, .gate, .admit: true
            default: false
            }
        }
        var takesDisplay: Bool {
            switch self {
            case .status, .health, .ready, .metrics, .overrides, .admit, .github: false
            default: true
            }
        }
    }

    /// A request's failure as HTTP: the error (its code, and its status unless a refused head
    /// carries its own), the message and the parameter it is about.
    struct Failure: Error {
        var error: APIError
        var status: Int
        var message: String
        var parameter: String?
        var headers: [(name: String, value: String)] = []

        var code: String { error.code }

        init(_ error: APIError, message: String, parameter: String? = nil, headers: [(name: String, value: String)] = [],
             status: Int? = nil) {
            (self.error, self.status, self.message, self.parameter, self.headers) =
                (error, status ?? error.status, message, parameter, headers)
        }
    }
}

extension Router.Failure {
    /// A head refused below the routes (`HeadCheck`): framing, limits, control characters.
    init(_ rejection: HTTPRejection) {
        let error: APIError = switch rejection.status {
        case 413: .payloadTooLarge
        case 431: .headerFieldsTooLarge
        case 403: .forbidden  // mutual TLS: no verified client certificate
        default: .badRequest
        }
        self.init(error, message: rejection.message, status: rejection.status)
    }

    /// A request its stack's queue did not run: full, past its deadline, or the server stopping.
    init(_ refusal: StackQueues.Refusal, stack: String, timeout: Double) {
        let retry = [(name: "Retry-After", value: "1")]
        switch refusal {
        case .full:
            self.init(.overloaded, message: "stack '\(stack)' has as many requests waiting as it queues; try again",
                      headers: retry)
        case .expired:
            self.init(.deadlineExceeded,
                      message: "no worker of stack '\(stack)' was free within the request's deadline of \(RunLimits.seconds(timeout)) s (--timeout)",
                      headers: retry)
        case .stopping:
            self.init(.stopping, message: "the server is stopping", headers: retry)
        }
    }
}
