import CalendarCore
import Rendering

/// What every evaluating request shares: the display settings (calendar, locale, first
/// weekday, week rule, today) and the built-in policies `include`, `min` and `max`, resolved
/// once into typed values before any policy runs.
public struct EvaluationOptions {
    /// Calendar, locale and the other display settings the request took.
    public var settings: DisplaySettings
    /// `include`, `min`, `max` as policies, stacked after the policy files.
    public let builtIns: [any DayPolicy]

    public init(_ values: RequestValues, environmentLocale: String, today: Day? = nil) throws(RequestError) {
        settings = try DisplaySettings.resolve(values, environmentLocale: environmentLocale, today: today)
        builtIns = try BuiltInPolicies.resolve(values)
    }

    public init(settings: DisplaySettings, builtIns: [any DayPolicy]) {
        self.settings = settings
        self.builtIns = builtIns
    }
}
