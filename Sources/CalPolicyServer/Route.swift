import CalPolicyRequests

extension Router {
    /// The API's routes, their methods and parameters.
    enum Route: String {
        case month = "/v1/month", days = "/v1/days", year = "/v1/year", week = "/v1/week", period = "/v1/period"
        case select = "/v1/select", explain = "/v1/explain", status = "/v1/status"
        case calendar = "/v1/calendar.ics"
        case health = "/health", ready = "/ready", metrics = "/metrics"

        var method: String { self == .select ? "POST" : "GET" }
        /// Parameters beyond the display ones and `stack`: the catalogue's options they fill
        /// (the week route's `date` is the week option).
        var parameters: [OptionSpec] {
            switch self {
            case .month: [OptionCatalogue.month]
            case .days, .calendar: [OptionCatalogue.from, OptionCatalogue.to]
            case .year: [OptionCatalogue.year]
            case .week: [OptionCatalogue.week]
            case .period: [OptionCatalogue.kind, OptionCatalogue.date, OptionCatalogue.step]
            case .explain: [OptionCatalogue.date]
            case .select, .status, .health, .ready, .metrics: []
            }
        }
        /// Parameters a request must give.
        var required: [OptionSpec] {
            switch self {
            case .days: [OptionCatalogue.from, OptionCatalogue.to]
            case .week: [OptionCatalogue.week]
            case .period: [OptionCatalogue.kind, OptionCatalogue.date]
            case .explain: [OptionCatalogue.date]
            default: []
            }
        }
        /// Routes whose answers are policy decisions (the decision log records them).
        var isDecision: Bool {
            switch self {
            case .month, .days, .year, .week, .period, .select, .explain: true
            default: false
            }
        }
        var takesDisplay: Bool {
            switch self {
            case .status, .health, .ready, .metrics: false
            default: true
            }
        }
    }

    /// A request's failure as HTTP: status, code, message and the parameter it is about.
    struct Failure: Error {
        var status: Int
        var code: String
        var message: String
        var parameter: String?
        var headers: [(name: String, value: String)] = []
    }
}
