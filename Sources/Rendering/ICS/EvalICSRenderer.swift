import CalendarCore

/// `eval --format ics` and `GET /v1/calendar.ics`: the feed people subscribe to, one all-day
/// event per window (`FeedWindow`: a run of days on which one policy said the same thing), in
/// one VCALENDAR (RFC 5545) named with X-WR-CALNAME and RFC 7986's NAME, COLOR and
/// REFRESH-INTERVAL. The output depends only on the policies, the span, the filter and today
/// (DTSTAMP), so it is reproducible.
public enum EvalICSRenderer {
    public static let productIdentifier = "-//calpolicy//calpolicy eval//EN"
    /// How often a subscriber should fetch the feed again: policies change with edits, not by
    /// the minute.
    public static let refreshInterval = "PT12H"
    /// The calendar's RFC 7986 COLOR (a CSS colour name).
    public static let calendarColor = "steelblue"

    /// The feed a use case answered, named `name` (else after its layers).
    public static func render(_ answer: ICSFeed, name: String?, to sink: some DocumentSink) {
        render(answer.feed, filter: answer.filter, name: name ?? calendarName(layers: answer.layersName), timed: answer.timed,
               overrides: answer.overrides, to: sink)
    }

    /// `name` is the calendar's display name (X-WR-CALNAME, NAME). `timed`: the evaluated span
    /// of a stack with hours, whose runs of closed time within days not denied whole become timed
    /// events in the stack's zone (with its VTIMEZONE), kept or left out by `filter` as the
    /// windows of their policy are.
    public static func render(_ feed: FeedReport, filter: FeedFilter = FeedFilter(), name: String,
                              timed report: EvalReport? = nil, overrides: [Override] = [], to sink: some DocumentSink) {
        var out: [UInt8] = []
        ICSWriter.appendLine("BEGIN", "VCALENDAR", to: &out)
        ICSWriter.appendLine("VERSION", "2.0", to: &out)
        ICSWriter.appendLine("PRODID", productIdentifier, to: &out)
        ICSWriter.appendLine("CALSCALE", "GREGORIAN", to: &out)
        ICSWriter.appendLine("METHOD", "PUBLISH", to: &out)
        ICSWriter.appendText("X-WR-CALNAME", name, to: &out)
        ICSWriter.appendText("NAME", name, to: &out)
        ICSWriter.appendLine("COLOR", calendarColor, to: &out)
        ICSWriter.appendLine("REFRESH-INTERVAL;VALUE=DURATION", refreshInterval, to: &out)
        ICSWriter.appendLine("X-PUBLISHED-TTL", refreshInterval, to: &out)
        let stamp = FeedWindow.basicDate(feed.today) + "T000000Z"
        var timed: [ICSTimedEvents.Event] = []
        var hasDefinition = false
        if let report, let hours = report.hours {
            let definition = ICSTimedEvents.vtimezone(report, hours: hours)
            for line in definition { ICSWriter.appendFolded(Array(line.utf8), to: &out) }
            hasDefinition = !definition.isEmpty
            timed = ICSTimedEvents.events(report, hours: hours).filter { filter.admitsClosing(by: $0.policy) }
        }
        for window in feed.windows where filter.admits(window) {
            if out.count >= DocumentChunk.size {
                sink.write(bytes: out)
                out.removeAll(keepingCapacity: true)
            }
            append(window, stamp: stamp, to: &out)
        }
        if let hours = report?.hours {
            for event in timed {
                ICSTimedEvents.append(event, zone: hours.zone, hasDefinition: hasDefinition, stamp: stamp, to: &out)
            }
        }
        for override in overrides { appendOverride(override, stamp: stamp, to: &out) }
        ICSWriter.appendLine("END", "VCALENDAR", to: &out)
        sink.write(bytes: out)
    }

    /// An override as an event of its own, in UTC: "Override INC-1: hotfix", its ticket and
    /// approver in the description, CATEGORIES override (a subscriber can tell it from closed time).
    static func appendOverride(_ override: Override, stamp: String, to out: inout [UInt8]) {
        ICSWriter.appendLine("BEGIN", "VEVENT", to: &out)
        ICSWriter.appendLine("UID", ICSIdentifier.uid(policy: "override", summary: override.id + "\u{1F}" + String(override.from),
                                                      year: ZoneWallTime.utc.day(of: override.from).year, ordinal: 0), to: &out)
        ICSWriter.appendLine("DTSTAMP", stamp, to: &out)
        ICSTimedEvents.appendTime("DTSTART", override.from, zone: .utc, hasDefinition: false, to: &out)
        ICSTimedEvents.appendTime("DTEND", override.end, zone: .utc, hasDefinition: false, to: &out)
        ICSWriter.appendText("SUMMARY", "Override " + override.id + ": " + override.reason, to: &out)
        var details = ["Break-glass override " + override.id + ": " + override.reason]
        if let ticket = override.ticket { details.append("ticket " + ticket) }
        if let approver = override.approvedBy { details.append("approved by " + approver) }
        if let requester = override.requestedBy { details.append("requested by " + requester) }
        ICSWriter.appendText("DESCRIPTION", details.joined(separator: "; "), to: &out)
        ICSWriter.appendLine("CATEGORIES", "override", to: &out)
        ICSWriter.appendLine("TRANSP", "TRANSPARENT", to: &out)
        ICSWriter.appendLine("END", "VEVENT", to: &out)
    }

    static func append(_ window: FeedWindow, stamp: String, to out: inout [UInt8]) {
        ICSWriter.appendLine("BEGIN", "VEVENT", to: &out)
        ICSWriter.appendLine("UID", window.uid, to: &out)
        ICSWriter.appendLine("DTSTAMP", stamp, to: &out)
        ICSWriter.appendLine("DTSTART;VALUE=DATE", FeedWindow.basicDate(window.first), to: &out)
        ICSWriter.appendLine("DTEND;VALUE=DATE", FeedWindow.basicDate(window.last.adding(days: 1)), to: &out)
        ICSWriter.appendText("SUMMARY", window.summary, to: &out)
        ICSWriter.appendText("DESCRIPTION", window.description, to: &out)
        ICSWriter.appendLine("CATEGORIES", window.mark.categories.joinedWithCommas, to: &out)
        ICSWriter.appendLine("COLOR", window.mark.colorName, to: &out)
        ICSWriter.appendText("X-CALPOLICY-POLICY", window.policy, to: &out)
        ICSWriter.appendLine("TRANSP", "TRANSPARENT", to: &out)
        ICSWriter.appendLine("END", "VEVENT", to: &out)
    }

    /// The default name: the layers' names (`EvalUseCase.feedName`), or `calpolicy` when there are none.
    public static func calendarName(layers: String) -> String {
        layers.isEmpty ? ICSIdentifier.domain : layers
    }
}

extension Array where Element == String {
    /// Appended, not `joined(separator:)` (see `OptionChoice.metavar` for why that matters).
    fileprivate var joinedWithCommas: String {
        var text = ""
        for element in self {
            if !text.isEmpty { text += "," }
            text += element
        }
        return text
    }
}
