import CalendarCore

/// What an iCalendar feed is written from (`EvalICSRenderer`): every layer's answers over the
/// span, the filter its windows pass, the evaluated span of a stack with hours (its timed
/// events; nil when no policy defines hours) and the name its layers give the feed.
public struct ICSFeed {
    public var feed: FeedReport
    public var filter: FeedFilter
    public var timed: EvalReport?
    /// The layers' names (`weekends, us-federal-holidays`): the feed's name unless a face names it.
    public var layersName: String
    /// The overrides covering the question that meet the span: an event each.
    public var overrides: [Override]

    public init(feed: FeedReport, filter: FeedFilter, timed: EvalReport?, layersName: String, overrides: [Override] = []) {
        (self.feed, self.filter, self.timed, self.layersName) = (feed, filter, timed, layersName)
        self.overrides = overrides
    }
}
