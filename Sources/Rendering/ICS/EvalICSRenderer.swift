import CalendarCore

/// `eval --format ics`: the denied and decorated days of the span as all-day events of one
/// VCALENDAR (RFC 5545), runs of days with one outcome as one multi-day event. The output
/// depends only on the policies, the span and today (DTSTAMP), so it is reproducible.
public enum EvalICSRenderer {
    public static let productIdentifier = "-//calpolicy//calpolicy eval//EN"

    /// `name` is the calendar's display name (X-WR-CALNAME).
    public static func render(_ report: EvalReport, name: String, to sink: some DocumentSink) {
        var out: [UInt8] = []
        ICSWriter.appendLine("BEGIN", "VCALENDAR", to: &out)
        ICSWriter.appendLine("VERSION", "2.0", to: &out)
        ICSWriter.appendLine("PRODID", productIdentifier, to: &out)
        ICSWriter.appendLine("CALSCALE", "GREGORIAN", to: &out)
        ICSWriter.appendLine("METHOD", "PUBLISH", to: &out)
        ICSWriter.appendText("X-WR-CALNAME", name, to: &out)
        let stamp = ICSEvent.basicDate(report.settings.today) + "T000000Z"
        // A stack with hours adds its zone's VTIMEZONE and a timed event per run of closed time.
        var timed: [ICSTimedEvents.Event] = []
        var hasDefinition = false
        if let hours = report.hours {
            let definition = ICSTimedEvents.vtimezone(report, hours: hours)
            for line in definition { ICSWriter.appendFolded(Array(line.utf8), to: &out) }
            hasDefinition = !definition.isEmpty
            timed = ICSTimedEvents.events(report, hours: hours)
        }
        for event in ICSEvent.events(report.days) {
            if out.count >= DocumentChunk.size {
                sink.write(bytes: out)
                out.removeAll(keepingCapacity: true)
            }
            append(event, stamp: stamp, to: &out)
        }
        if let hours = report.hours {
            for event in timed {
                ICSTimedEvents.append(event, zone: hours.zone, hasDefinition: hasDefinition, stamp: stamp, to: &out)
            }
        }
        ICSWriter.appendLine("END", "VCALENDAR", to: &out)
        sink.write(bytes: out)
    }

    static func append(_ event: ICSEvent, stamp: String, to out: inout [UInt8]) {
        let outcome = event.outcome
        ICSWriter.appendLine("BEGIN", "VEVENT", to: &out)
        ICSWriter.appendLine("UID", event.uid, to: &out)
        ICSWriter.appendLine("DTSTAMP", stamp, to: &out)
        ICSWriter.appendLine("DTSTART;VALUE=DATE", ICSEvent.basicDate(event.first), to: &out)
        ICSWriter.appendLine("DTEND;VALUE=DATE", ICSEvent.basicDate(event.last.adding(days: 1)), to: &out)
        ICSWriter.appendText("SUMMARY", outcome.summary, to: &out)
        ICSWriter.appendText("DESCRIPTION", outcome.description, to: &out)
        ICSWriter.appendLine("CATEGORIES", outcome.categories.joinedWithCommas, to: &out)
        ICSWriter.appendLine("TRANSP", "TRANSPARENT", to: &out)
        ICSWriter.appendLine("END", "VEVENT", to: &out)
    }

    /// The default X-WR-CALNAME: the policies' file names, or `calpolicy` when there are none.
    public static func calendarName(policies: [String]) -> String {
        var name = ""
        for path in policies {
            if !name.isEmpty { name += ", " }
            name += path.split(separator: "/").last.map(String.init) ?? path
        }
        return name.isEmpty ? ICSIdentifier.domain : name
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
