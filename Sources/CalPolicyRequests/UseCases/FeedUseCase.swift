import CalendarCore
import Rendering

/// The iCalendar feed (`eval --format ics`, `GET /v1/calendar.ics`): every layer of the stack
/// asked about every day of the span for its all-day windows and, when a policy defines hours,
/// the span evaluated in the stack's zone for its timed events; the filter the windows pass.
public enum FeedUseCase {
    /// What a feed asks: the span (this year and the next unless given, at most the export
    /// cap), the windows' filter and the zone of timed events (nil: UTC).
    public struct Request {
        public var span: ResolvedSpan
        public var filter: FeedFilter
        public var zone: ZoneWallTime?

        public init(span: ResolvedSpan, filter: FeedFilter, zone: ZoneWallTime?) {
            (self.span, self.filter, self.zone) = (span, filter, zone)
        }
    }

    /// The filter `values` give (`only`, `policy`, `exclude`), over the names of the stack's
    /// layers: `policies` loaded, then the built-ins.
    public static func filter(_ values: RequestValues, evaluation: EvaluationOptions,
                              policies: [any DayPolicy]) throws(RequestError) -> FeedFilter {
        try FeedFilter.resolve(values, policies: EvalUseCase.layerNames(evaluation: evaluation, policies: policies))
    }

    /// The feed of `policies` (loaded from `paths`, in order) stacked with the built-ins.
    public static func run(_ request: Request, paths: [String], evaluation: EvaluationOptions,
                           policies: [any DayPolicy]) throws(RequestFailure) -> ICSFeed {
        let feed = try EvalUseCase.feed(evaluation: evaluation, span: request.span, policies: policies)
        let timed = try EvalUseCase.timed(paths: paths, evaluation: evaluation, span: request.span, policies: policies,
                                          zone: request.zone)
        let zone = request.zone ?? .utc
        let overrides = evaluation.settings.overrides(from: zone.instant(of: request.span.days.first, minute: 0),
                                                      to: zone.instant(of: request.span.days.last, minute: 1440))
        return ICSFeed(feed: feed, filter: request.filter, timed: timed,
                       layersName: EvalUseCase.feedName(evaluation: evaluation, policies: policies), overrides: overrides)
    }
}
