import CalendarCore
import Foundation

/// The decision line's `instant.iso`, remembered for the last instant and zone asked: a gate
/// asked about now (no `at`) asks about the same second as every other decision of that second,
/// and `ZoneWallTime.iso` (an offset lookup and a dozen small strings) was a fortieth of a
/// logged decision's time. The zone's identifier names its rules (`ZoneDatabase` reads each name once
/// per process).
enum DecisionInstantText {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var last: (seconds: Int64, zone: String, iso: String)?

    /// `zone.iso(seconds)`, nil without a zone, read in place: a
    /// copy of it was a dozen retains and releases per decision.
    static func iso(_ seconds: Int64, _ zone: ZoneWallTime?) -> String? {
        guard let identifier = zone?.identifier else { return nil }
        if let hit = lock.withLock({ last }), hit.seconds == seconds, hit.zone == identifier { return hit.iso }
        guard let iso = zone?.iso(seconds) else { return nil }
        lock.withLock { last = (seconds, identifier, iso) }
        return iso
    }
}
