/// One closed interval of a day in a policy's own zone's wall time: minutes since midnight,
/// half-open `[from, to)`, `0 <= from < to <= 1440` (24:00 ends a day). Wall time, not instants:
/// `ZoneWallTime` turns it into instants with the zone database.
public struct ClosedHours: Hashable, Sendable {
    public var from: Int
    public var to: Int
    public var reason: String?
    /// Closed because the day is past the policy's data (`DataHorizon`): not a freeze but "we do
    /// not know", which stays closed (fail closed); no override lifts it.
    public var isPastData = false

    public init(from: Int, to: Int, reason: String? = nil) {
        (self.from, self.to, self.reason) = (from, to, reason)
    }

    /// The whole day: what a `canSelect` denial means for hours.
    public static func allDay(reason: String?) -> ClosedHours { ClosedHours(from: 0, to: 1440, reason: reason) }

    /// The whole day, past the policy's data: closed, and never lifted by an override.
    public static func pastData(reason: String?) -> ClosedHours {
        var hours = allDay(reason: reason)
        hours.isPastData = true
        return hours
    }

    /// "HH:MM" of a minute of the day (1440 is "24:00").
    public static func wall(_ minute: Int) -> String {
        let hours = minute / 60, minutes = minute % 60
        return (hours < 10 ? "0" : "") + String(hours) + ":" + (minutes < 10 ? "0" : "") + String(minutes)
    }
}
