import CalendarCore
import PolicyEngine

/// The timed events of `eval --format ics` for a stack with hours: each run of an hours
/// policy's closed time, one event however many days other layers deny inside it (days the
/// policy denies whole itself stay its all-day events), with DTSTART/DTEND in the stack's
/// zone (`TZID`, whose VTIMEZONE libical builds from the zone data, truncated to the span) or
/// in UTC for a stack in UTC. A start or end whose wall time is the second of two (the hour
/// repeated when clocks go back) is written in UTC: a TZID wall time means the first.
enum ICSTimedEvents {
    struct Event {
        var start: Int64
        var end: Int64
        var reason: String
        var policy: String
    }

    /// Each hours policy's own windows (`EvalReport.feedWindows`: one event per run of its
    /// closed time, whatever other layers deny inside it); without them, the pieces of the
    /// non-denied days. Runs of one reason and policy across midnight merged.
    static func events(_ report: EvalReport, hours: EvalHours) -> [Event] {
        var events: [Event] = []
        if let windows = report.feedWindows {
            var open: [String: Int] = [:] // policy: its last event's index, to merge across midnight
            for piece in windows {
                let reason = piece.reason ?? "closed"
                let policy = report.identity(piece.policyIndex, name: nil) ?? ICSIdentifier.domain
                if let last = open[policy], events[last].end == piece.start, events[last].reason == reason {
                    events[last].end = piece.end
                } else {
                    open[policy] = events.count
                    events.append(Event(start: piece.start, end: piece.end, reason: reason, policy: policy))
                }
            }
            return events
        }
        for (index, day) in report.days.enumerated() where !day.isDenied && hours.days.indices.contains(index) {
            for piece in hours.days[index] {
                let reason = piece.reason ?? "closed"
                let policy = report.identity(piece.policyIndex, name: nil) ?? ICSIdentifier.domain
                if let last = events.last, last.end == piece.start, last.reason == reason, last.policy == policy {
                    events[events.count - 1].end = piece.end
                } else {
                    events.append(Event(start: piece.start, end: piece.end, reason: reason, policy: policy))
                }
            }
        }
        return events
    }

    /// The VTIMEZONE lines for the span's years; none for UTC.
    static func vtimezone(_ report: EvalReport, hours: EvalHours) -> [String] {
        guard hours.zone.identifier != "UTC" else { return [] }
        return ZoneDefinition.vtimezone(hours.zone.identifier, firstYear: report.span.days.first.year,
                                        lastYear: report.span.days.last.adding(days: 1).year) ?? []
    }

    /// `DTSTART;TZID=Europe/Berlin:20261224T120000`, or the UTC form.
    static func appendTime(_ name: String, _ instant: Int64, zone: ZoneWallTime, hasDefinition: Bool,
                           to out: inout [UInt8]) {
        let day = zone.day(of: instant)
        let local = instant + Int64(zone.offset(at: instant)) - Int64(day.dayNumber) * 86_400
        let minute = Int(local / 60)
        let firstOccurrence = zone.instant(of: day, minute: minute) == instant - local % 60
        if hasDefinition, firstOccurrence {
            ICSWriter.appendLine(name + ";TZID=" + zone.identifier, basic(day, seconds: local), to: &out)
        } else {
            let utcDay = Day(dayNumber: Int(instant >= 0 ? instant / 86_400 : (instant - 86_399) / 86_400))
            ICSWriter.appendLine(name, basic(utcDay, seconds: instant - Int64(utcDay.dayNumber) * 86_400) + "Z", to: &out)
        }
    }

    private static func basic(_ day: Day, seconds: Int64) -> String {
        FeedWindow.basicDate(day) + "T" + pad(Int(seconds / 3600)) + pad(Int(seconds / 60 % 60)) + pad(Int(seconds % 60))
    }

    /// Two digits, zero in front.
    private static func pad(_ value: Int) -> String {
        value < 10 ? "0" + String(value) : String(value)
    }

    static func append(_ event: Event, zone: ZoneWallTime, hasDefinition: Bool, stamp: String, to out: inout [UInt8]) {
        ICSWriter.appendLine("BEGIN", "VEVENT", to: &out)
        // The start instant is part of the summary hashed, so each run of closed time has its own UID.
        ICSWriter.appendLine("UID", ICSIdentifier.uid(policy: event.policy,
                                                      summary: event.reason + "\u{1F}" + zone.iso(event.start),
                                                      year: zone.day(of: event.start).year, ordinal: 0), to: &out)
        ICSWriter.appendLine("DTSTAMP", stamp, to: &out)
        appendTime("DTSTART", event.start, zone: zone, hasDefinition: hasDefinition, to: &out)
        appendTime("DTEND", event.end, zone: zone, hasDefinition: hasDefinition, to: &out)
        ICSWriter.appendText("SUMMARY", event.reason, to: &out)
        ICSWriter.appendText("DESCRIPTION", "Closed: " + event.reason + " (" + event.policy + ")", to: &out)
        ICSWriter.appendLine("CATEGORIES", "closed", to: &out)
        ICSWriter.appendLine("TRANSP", "TRANSPARENT", to: &out)
        ICSWriter.appendLine("END", "VEVENT", to: &out)
    }
}
